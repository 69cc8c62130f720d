import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useServices } from '../app/services.ts';

/** Who is signed in, with a sign-out button; nothing when signed out. */
export function AccountChip() {
  useSignals();
  const { t } = useLingui();
  const { auth } = useServices();
  if (!auth.isAuthenticated.value) return null;
  const name = auth.isAdmin.value
    ? auth.userInfo.value.name || t`Administrator`
    : auth.userInfo.value.name || t`API key`;
  return (
    <span className="account-chip" data-auth-type={auth.state.value.authType}>
      <span className="account-name" title={name}>
        {name}
      </span>
      <button type="button" className="link-button" onClick={() => auth.logout()}>
        {t`Sign out`}
      </button>
    </span>
  );
}
