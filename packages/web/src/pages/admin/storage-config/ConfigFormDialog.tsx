/** Create or edit a storage config, with provider presets and write-only secret handling. */
import { STORAGE_PROVIDERS, type StorageConfig, type StorageProvider } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { CheckField, Field, SizeField, TextField } from '../shared/FormFields.tsx';
import { useFormSave } from '../shared/useFormSave.ts';
import {
  CAPACITY_UNITS,
  type CapacityUnit,
  type ConfigFormState,
  type ConfigProblem,
  configBody,
  editConfigForm,
  newConfigForm,
  validateConfigForm,
  withProvider,
} from './configForm.ts';
import { PROVIDER_PRESETS, type ProviderPreset } from './presets.ts';
import { useProviderNames } from './providerNames.ts';
import { S3Fields } from './S3Fields.tsx';

export function ConfigFormDialog({
  config,
  onClose,
  onSaved,
}: {
  config: StorageConfig | null;
  onClose(): void;
  onSaved(config: StorageConfig): void;
}) {
  const { t } = useLingui();
  const { client } = useServices();
  const form = useFormSave();
  const providerName = useProviderNames();
  const creating = config === null;
  const [state, setState] = useState<ConfigFormState>(() =>
    config ? editConfigForm(config) : newConfigForm(),
  );
  const problems = validateConfigForm(state, creating, config?.has_secret_access_key ?? false);
  const set = <K extends keyof ConfigFormState>(key: K, value: ConfigFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));
  const isLocal = state.provider === 'local';

  const text = (p: ConfigProblem | undefined): string | null => {
    if (!form.tried) return null;
    switch (p) {
      case 'required':
        return t`Required`;
      case 'url':
        return t`Enter an http:// or https:// URL`;
      case 'url-extra':
        return t`Leave out user name, password, query and fragment`;
      case 'bucket-strict':
        return t`3–63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit`;
      case 'bucket-relaxed':
        return t`3–255 letters, digits, dots, underscores or hyphens`;
      case 'region':
        return t`Letters, digits, hyphens and underscores only, e.g. us-east-1`;
      case 'no-spaces':
        return t`Must not contain spaces`;
      case 'capacity':
        return t`Enter a size of 0 or more (empty = no limit)`;
      case 'signature':
        return t`Between 1 and 604800 seconds (7 days)`;
      case 'folder':
        return t`A folder path without "." or ".." segments`;
      default:
        return null;
    }
  };

  const save = () =>
    form.save({
      valid: Object.keys(problems).length === 0,
      failure: creating ? t`Could not create the storage config` : t`Could not update the storage config`,
      run: async () => {
        const body = configBody(state, creating);
        const saved = creating
          ? await client.storageConfigs.create(body)
          : await client.storageConfigs.update(config.id, body);
        form.ok(creating ? t`Storage config created` : t`Storage config updated`);
        onSaved(saved);
      },
    });

  const preset = isLocal ? null : PROVIDER_PRESETS[state.provider as Exclude<StorageProvider, 'local'>];
  return (
    <FormDialog
      title={creating ? t`New storage config` : t`Edit storage config ${config.name}`}
      name="config-form"
      wide
      onClose={onClose}
      onSubmit={save}
      saving={form.saving}
      submitLabel={creating ? t`Create` : undefined}
    >
      <div className="form">
        <div className="grid-2">
          <TextField
            label={t`Name`}
            name="name"
            maxLength={100}
            value={state.name}
            error={text(problems.name)}
            onChange={(v) => set('name', v)}
          />
          <Field
            label={t`Provider`}
            hint={t`Picking a provider fills in its usual endpoint, region and addressing.`}
          >
            <select
              name="provider_type"
              value={state.provider}
              onChange={(e) => setState((s) => withProvider(s, e.target.value as StorageProvider))}
            >
              {STORAGE_PROVIDERS.map((p) => (
                <option key={p} value={p}>
                  {providerName(p)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {isLocal ? (
          <TextField
            label={t`Folder on the server`}
            name="root_path"
            className="mono"
            value={state.rootPath}
            error={text(problems.rootPath)}
            hint={t`An absolute path, or one inside the data directory (e.g. storage).`}
            onChange={(v) => set('rootPath', v)}
          />
        ) : (
          <S3Fields
            state={state}
            setState={setState}
            problems={problems}
            text={text}
            preset={preset as ProviderPreset}
            config={config}
          />
        )}
        <SizeField
          label={t`Capacity`}
          hint={t`Used for the dashboard's usage bar and to refuse uploads that would not fit. Empty = no limit.`}
          error={text(problems.capacity)}
          name="capacity"
          unitName="capacity_unit"
          units={Object.keys(CAPACITY_UNITS) as CapacityUnit[]}
          amount={state.capacity}
          unit={state.capacityUnit}
          onAmount={(v) => set('capacity', v)}
          onUnit={(u) => set('capacityUnit', u)}
        />
        <CheckField name="is_public" checked={state.isPublic} onChange={(v) => set('isPublic', v)}>
          {t`API keys may upload to this storage`}
        </CheckField>
        {creating && (
          <CheckField name="is_default" checked={state.isDefault} onChange={(v) => set('isDefault', v)}>
            {t`Make this the default storage`}
          </CheckField>
        )}
      </div>
    </FormDialog>
  );
}
