/** The "End-to-end encrypt" switch of the home and upload pages: the server then gets ciphertext only. */
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import './encryptSwitch.css';

export function EncryptSwitch({ checked, onChange }: { checked: boolean; onChange(next: boolean): void }) {
  const { t } = useLingui();
  const hint = useId();
  return (
    <div className="encrypt-switch">
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          aria-describedby={hint}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{t`End-to-end encrypt`}</span>
      </label>
      <p id={hint} className="muted field-hint">
        {t`Encrypted in this browser; the key is only in the link (after #k=), so the server cannot read it. Whoever has the link can.`}
      </p>
    </div>
  );
}
