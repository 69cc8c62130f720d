/** Change the admin's username and/or password; the current password is always required. */
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { TextField } from '../shared/FormFields.tsx';
import { useFormSave } from '../shared/useFormSave.ts';
import {
  type AccountFormState,
  type AccountProblem,
  accountBody,
  emptyAccountForm,
  validateAccountForm,
} from './accountForm.ts';
import { SettingsForm } from './SettingsForm.tsx';

export function AccountForm() {
  useSignals();
  const { t } = useLingui();
  const { client, auth } = useServices();
  const form = useFormSave();
  const [state, setState] = useState<AccountFormState>(emptyAccountForm);
  const problems = validateAccountForm(state);
  const set = (key: keyof AccountFormState, value: string) => setState((s) => ({ ...s, [key]: value }));
  const text = (p: AccountProblem | undefined): string | null => {
    if (!form.tried) return null;
    switch (p) {
      case 'current-missing':
        return t`Enter your current password`;
      case 'nothing-to-change':
        return t`Enter a new username, a new password, or both`;
      case 'username-spaces':
        return t`The username cannot contain spaces`;
      case 'password-short':
        return t`The new password needs at least 8 characters`;
      case 'password-same':
        return t`The new password must differ from the current one`;
      case 'confirm-mismatch':
        return t`The two new passwords differ`;
      default:
        return null;
    }
  };

  const save = () =>
    form.save({
      valid: Object.keys(problems).length === 0,
      failure: t`Could not update the admin account`,
      run: async () => {
        await client.auth.changePassword(accountBody(state));
        form.ok(t`Admin account updated; other sessions were signed out`);
        setState(emptyAccountForm());
        form.untry();
        // The header shows the (possibly new) username.
        void auth.revalidate();
      },
    });

  return (
    <SettingsForm
      titleId="account-title"
      title={t`Admin account`}
      saving={form.saving}
      submitLabel={t`Update account`}
      onSubmit={save}
    >
      <p className="muted">{t`Signed in as ${auth.userInfo.value.name ?? ''}.`}</p>
      <TextField
        label={t`Current password`}
        error={text(problems.currentPassword)}
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={state.currentPassword}
        onChange={(v) => set('currentPassword', v)}
      />
      <TextField
        label={t`New username`}
        error={text(problems.newUsername)}
        hint={t`Leave empty to keep the current one.`}
        name="new_username"
        autoComplete="username"
        value={state.newUsername}
        onChange={(v) => set('newUsername', v)}
      />
      <div className="grid-2">
        <TextField
          label={t`New password`}
          error={text(problems.newPassword)}
          hint={t`Leave empty to keep the current one.`}
          name="new_password"
          type="password"
          autoComplete="new-password"
          value={state.newPassword}
          onChange={(v) => set('newPassword', v)}
        />
        <TextField
          label={t`Repeat the new password`}
          error={text(problems.confirmPassword)}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          value={state.confirmPassword}
          onChange={(v) => set('confirmPassword', v)}
        />
      </div>
      {text(problems.form) && (
        <p className="field-error" role="alert">
          {text(problems.form)}
        </p>
      )}
    </SettingsForm>
  );
}
