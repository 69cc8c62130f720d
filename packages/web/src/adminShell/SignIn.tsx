import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useServices } from '../app/services.ts';
import { NEXT_PARAM, safeNext } from '../app/signInReturn.ts';
import { PasswordField } from '../components/PasswordField.tsx';
import { errorMessage } from '../i18n/errorMessage.ts';

type Mode = 'admin' | 'apikey';

/** The sign-in screen (spec section 2): admin account or API key, switchable. */
export function SignIn() {
  const { t } = useLingui();
  const { auth } = useServices();
  const [mode, setMode] = useState<Mode>('admin');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (mode === 'admin' && (!username.trim() || !password))
      return setError(t`Enter both username and password`);
    if (mode === 'apikey' && !apiKey.trim()) return setError(t`Enter the API key`);
    setBusy(true);
    try {
      if (mode === 'admin') await auth.loginAdmin(username.trim(), password);
      else await auth.loginApiKey(apiKey.trim());
      // Back to the page whose Sign in link brought the user here.
      const next = safeNext(params.get(NEXT_PARAM));
      if (next) navigate(next, { replace: true });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const tab = (value: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      id={`signin-tab-${value}`}
      aria-selected={mode === value}
      aria-controls="signin-panel"
      className={`tab${mode === value ? ' active' : ''}`}
      onClick={() => {
        setMode(value);
        setError(null);
      }}
    >
      {label}
    </button>
  );

  return (
    <section className="page narrow">
      <h1>{t`Sign in`}</h1>
      <p className="muted">{t`Sign in with the admin account or an API key to create shares and manage clip.`}</p>
      <div className="tabs" role="tablist" aria-label={t`Sign-in method`}>
        {tab('admin', t`Admin account`)}
        {tab('apikey', t`API key`)}
      </div>
      <form
        id="signin-panel"
        role="tabpanel"
        aria-labelledby={`signin-tab-${mode}`}
        className="card form"
        onSubmit={submit}
        noValidate
      >
        {mode === 'admin' ? (
          <>
            <label className="field">
              <span>{t`Username`}</span>
              <input
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                required
              />
            </label>
            <PasswordField
              label={t`Password`}
              name="password"
              autoComplete="current-password"
              value={password}
              onValue={setPassword}
              required
            />
          </>
        ) : (
          <PasswordField
            label={t`API key`}
            name="apiKey"
            autoComplete="off"
            value={apiKey}
            onValue={setApiKey}
            required
          />
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t`Signing in…` : t`Sign in`}
        </button>
      </form>
    </section>
  );
}
