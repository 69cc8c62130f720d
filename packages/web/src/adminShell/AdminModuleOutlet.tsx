import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { allowedAdminModules } from '../app/adminModules.ts';
import { type AdminModule, isAdminModule, pathFor } from '../app/navigation.ts';
import { useServices } from '../app/services.ts';
import { ADMIN_MODULE_TITLES } from '../i18n/pageNames.ts';

/**
 * The admin module outlet. Each module is a folder pages/admin/<module>/ whose index.tsx
 * default-exports its screen (it reaches the SDK through useServices()); modules not built yet
 * show a placeholder.
 */
const moduleFiles = import.meta.glob<{ default: ComponentType }>('../pages/admin/*/index.tsx');
const loaded = new Map<AdminModule, ComponentType>();

function moduleComponent(module: AdminModule): ComponentType | null {
  const load = moduleFiles[`../pages/admin/${module}/index.tsx`];
  if (!load) return null;
  let component = loaded.get(module);
  if (!component) {
    component = lazy(load);
    loaded.set(module, component);
  }
  return component;
}

function ModulePlaceholder({ module }: { module: AdminModule }) {
  const { t, i18n } = useLingui();
  return (
    <div className="placeholder">
      <h1>{i18n._(ADMIN_MODULE_TITLES[module])}</h1>
      <p className="muted">{t`This module is not available yet.`}</p>
    </div>
  );
}

export default function AdminModuleOutlet() {
  useSignals();
  const { t } = useLingui();
  const { auth } = useServices();
  const params = useParams();
  const allowed = allowedAdminModules(auth.state.value.authType, auth.permissions.value);
  const asked = params.module ?? 'dashboard';
  if (!isAdminModule(asked) || !allowed.includes(asked)) {
    const first = allowed[0];
    if (first) return <Navigate to={pathFor('admin', { module: first })} replace />;
    return (
      <Navigate to={auth.permissions.value.mount ? pathFor('mount-explorer') : pathFor('home')} replace />
    );
  }
  const Module = moduleComponent(asked);
  if (!Module) return <ModulePlaceholder module={asked} />;
  return (
    <Suspense fallback={<p className="muted">{t`Loading…`}</p>}>
      <Module />
    </Suspense>
  );
}
