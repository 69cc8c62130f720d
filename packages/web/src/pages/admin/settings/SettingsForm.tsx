import type { SystemSettings, UpdateSystemSettingsBody } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useServices } from '../../../app/services.ts';
import { SubmitButton } from '../shared/FormFields.tsx';
import { useFormSave } from '../shared/useFormSave.ts';

/** What each settings card gets: the current settings, and where to hand the saved ones. */
export interface SettingsCardProps {
  settings: SystemSettings;
  onSaved(s: SystemSettings): void;
}

/** A settings card's save: once its fields are valid it sends its part of the settings. */
export function useSettingsSave(onSaved: SettingsCardProps['onSaved']) {
  const { t } = useLingui();
  const { client } = useServices();
  const form = useFormSave();
  const save = (valid: boolean, body: () => UpdateSystemSettingsBody) =>
    form.save({
      valid,
      failure: t`Could not save the settings`,
      run: async () => {
        const saved = await client.system.updateSettings(body());
        form.ok(t`Settings saved`);
        onSaved(saved);
      },
    });
  return { tried: form.tried, saving: form.saving, save };
}

/** A settings card that is a form: a heading that names it, its fields, and the button that saves. */
export function SettingsForm({
  titleId,
  title,
  saving,
  submitLabel,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  saving: boolean;
  submitLabel: string;
  onSubmit(): void;
  children: ReactNode;
}) {
  return (
    <form
      className="card form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="actions">
        <SubmitButton saving={saving} label={submitLabel} />
      </div>
    </form>
  );
}
