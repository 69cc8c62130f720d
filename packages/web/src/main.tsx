import { ClipError } from '@clip/sdk';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { effect } from '@preact/signals-react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/routes.tsx';
import { createAppServices, ServicesContext } from './app/services.ts';
import { errorMessage } from './i18n/errorMessage.ts';
import { registerServiceWorker } from './pwa/registerServiceWorker.ts';
import './styles.css';

const services = createAppServices(window);

// Spec section 4: dark adds a `dark` class on the document root.
effect(() => {
  const dark = services.theme.resolved.value === 'dark';
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
});

// API failures a page did not handle are expected (offline, expired links): keep them out of the console.
window.addEventListener('unhandledrejection', (event) => {
  if (event.reason instanceof ClipError) event.preventDefault();
});

services.onSessionEnded((error) => services.toasts.show(errorMessage(error), { kind: 'error' }));
// The router starts the page's chunk (and a share's read) now, while the catalog downloads.
const router = createAppRouter(services);
await services.language.init();
void services.preferences.reload();
// Spec section 4: the restored session is revalidated at start.
if (services.auth.isAuthenticated.value) void services.auth.revalidate();
registerServiceWorker(services.pwa);

createRoot(document.getElementById('root') as HTMLElement).render(
  <ServicesContext value={services}>
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  </ServicesContext>,
);
