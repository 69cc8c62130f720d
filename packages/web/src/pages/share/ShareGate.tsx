import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { PasswordField } from '../../components/PasswordField.tsx';
import type { ShareHandle } from './useShare.ts';

/**
 * What a share's reader sees before its content: loading, the 404 / 410 / failure states, and the
 * password prompt. Share kinds differ only in the prompt's text and the "new share" link.
 */
export function ShareGate<T>({
  gate,
  lockedText,
  newShare,
}: {
  gate: ShareHandle<T>;
  lockedText: string;
  newShare: { to: string; label: string };
}) {
  const { t } = useLingui();
  const { state, retry, password, setPassword, passwordError, unlocking, submitPassword } = gate;
  if (state.kind === 'loading') return <p className="page muted" aria-busy="true">{t`Loading…`}</p>;
  if (state.kind === 'missing' || state.kind === 'gone' || state.kind === 'failed')
    return (
      <section className="page share-state" data-state={state.kind}>
        <h1>
          {state.kind === 'missing'
            ? t`No share at this link`
            : state.kind === 'gone'
              ? t`This share is no longer available`
              : t`The share could not be loaded`}
        </h1>
        <p className="muted">
          {state.kind === 'missing'
            ? t`Check the link, or ask its owner for a new one.`
            : state.kind === 'gone'
              ? t`It has expired or reached its view limit.`
              : state.message}
        </p>
        <div className="actions">
          {state.kind === 'failed' && (
            <button type="button" className="button primary" onClick={retry}>
              {t`Try again`}
            </button>
          )}
          <Link className="button" to={newShare.to}>
            {newShare.label}
          </Link>
        </div>
      </section>
    );
  if (state.kind === 'locked')
    return (
      <section className="page narrow">
        <h1>{t`Password required`}</h1>
        <p className="muted">{lockedText}</p>
        <form className="card form" onSubmit={submitPassword} noValidate>
          <PasswordField
            label={t`Password`}
            name="share-password"
            autoComplete="off"
            value={password}
            onValue={setPassword}
            aria-invalid={!!passwordError}
            aria-describedby={passwordError ? 'share-password-error' : undefined}
            // Focus: the password is the only thing to do on this screen.
            autoFocus
          />
          {passwordError && (
            <p className="field-error" id="share-password-error" role="alert">
              {passwordError}
            </p>
          )}
          <button type="submit" className="button primary" disabled={unlocking}>
            {unlocking ? t`Checking…` : t`Unlock`}
          </button>
        </form>
      </section>
    );
  return null;
}
