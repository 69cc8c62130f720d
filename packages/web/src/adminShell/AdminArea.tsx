import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { NavLink, Outlet } from 'react-router';
import { allowedAdminModules } from '../app/adminModules.ts';
import { pathFor } from '../app/navigation.ts';
import { useServices } from '../app/services.ts';
import { ADMIN_MODULE_TITLES } from '../i18n/pageNames.ts';
import { SignIn } from './SignIn.tsx';

/** The admin route: the sign-in screen when signed out, else the module navigation and the module outlet. */
export default function AdminArea() {
  useSignals();
  const { t, i18n } = useLingui();
  const { auth } = useServices();
  if (!auth.isAuthenticated.value) return <SignIn />;
  const modules = allowedAdminModules(auth.state.value.authType, auth.permissions.value);
  return (
    <div className="admin-layout">
      <nav className="admin-nav" aria-label={t`Admin modules`}>
        {modules.map((module) => (
          <NavLink key={module} to={pathFor('admin', { module })} end className="admin-nav-link">
            {i18n._(ADMIN_MODULE_TITLES[module])}
          </NavLink>
        ))}
        {auth.permissions.value.mount && auth.state.value.authType === 'apikey' && (
          <NavLink to={pathFor('mount-explorer')} className="admin-nav-link">
            {t`Mount explorer`}
          </NavLink>
        )}
      </nav>
      <section className="admin-module">
        <Outlet />
      </section>
    </div>
  );
}
