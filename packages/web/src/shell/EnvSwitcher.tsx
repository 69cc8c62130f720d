import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useServices } from '../app/services.ts';

/** Points the app at another API server; only for an admin who asked for it with ?showEnvSwitcher. */
export function EnvSwitcher() {
  useSignals();
  const { t } = useLingui();
  const services = useServices();
  const [params] = useSearchParams();
  const [value, setValue] = useState(services.apiBase.base.value);
  const [invalid, setInvalid] = useState(false);
  if (!services.auth.isAdmin.value || !params.has('showEnvSwitcher')) return null;
  return (
    <form
      className="env-switcher"
      onSubmit={(e) => {
        e.preventDefault();
        setInvalid(!services.setApiBase(value));
      }}
    >
      <label>
        {t`API server`}
        <input
          type="url"
          value={value}
          placeholder={t`Same origin`}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={invalid}
        />
      </label>
      <button type="submit" className="button">{t`Apply`}</button>
      {invalid && <span role="alert" className="field-error">{t`Enter an http(s) URL, or leave empty`}</span>}
    </form>
  );
}
