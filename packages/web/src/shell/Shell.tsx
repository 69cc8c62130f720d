import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { isAdminModule } from '../app/navigation.ts';
import { useServices } from '../app/services.ts';
import { ADMIN_MODULE_TITLES, PAGE_TITLES, type PageName, PRODUCT_NAME } from '../i18n/pageNames.ts';
import { titleOverride } from './documentTitle.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { PwaPrompts } from './PwaPrompts.tsx';
import { Toasts } from './Toasts.tsx';

export interface RouteHandle {
  page?: PageName;
}

/** Sets the document title from the deepest route naming its page (spec section 2). */
function usePageTitle() {
  useSignals();
  const { i18n, t } = useLingui();
  const { auth } = useServices();
  const signedIn = auth.isAuthenticated.value;
  const override = titleOverride.value;
  const matches = useMatches();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `override` is read in the effect; the title follows it
  useEffect(() => {
    const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.page);
    const page = (match?.handle as RouteHandle | undefined)?.page;
    const module = matches.at(-1)?.params.module;
    let title = page ? i18n._(PAGE_TITLES[page]) : '';
    // Signed out, the admin route shows the sign-in form: the title says so.
    if (override) title = override;
    else if (page === 'admin' && !signedIn) title = t`Sign in`;
    else if (page === 'admin')
      title = `${i18n._(ADMIN_MODULE_TITLES[isAdminModule(module) ? module : 'dashboard'])} · ${title}`;
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [matches, i18n, t, signedIn, override]);
}

export function Shell() {
  const { t } = useLingui();
  usePageTitle();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Toasts />
      <PwaPrompts />
      <ScrollRestoration />
    </div>
  );
}
