/** Create or edit an API key: "Basic info" (name, permissions, expiry, custom key) and "Path selection" tabs. */
import { type ApiKey, CUSTOM_KEY_MAX, normalizeScopePath } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { CheckField, Field, TextField } from '../shared/FormFields.tsx';
import { formatDateTime } from '../shared/format.ts';
import { useFormSave } from '../shared/useFormSave.ts';
import {
  createBody,
  editKeyForm,
  type KeyExpiry,
  type KeyFormState,
  type KeyProblem,
  newKeyForm,
  updateBody,
  validateKeyForm,
} from './keyForm.ts';

type Tab = 'basic' | 'path';

/** The lazy tree of mounts and folders, loaded when the path tab is first shown. */
const FolderTree = lazy(() => import('../../mount/FolderTree.tsx').then((m) => ({ default: m.FolderTree })));

export function KeyFormDialog({
  apiKey,
  onClose,
  onSaved,
}: {
  apiKey: ApiKey | null;
  onClose(): void;
  onSaved(key: ApiKey, created: boolean): void;
}) {
  const { t, i18n } = useLingui();
  const { client } = useServices();
  const form = useFormSave();
  const creating = apiKey === null;
  const [state, setState] = useState<KeyFormState>(() => (apiKey ? editKeyForm(apiKey) : newKeyForm()));
  const [tab, setTab] = useState<Tab>('basic');
  const problems = validateKeyForm(state, creating);
  const set = <K extends keyof KeyFormState>(key: K, value: KeyFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));

  const text = (problem: KeyProblem | undefined): string | null => {
    if (!form.tried) return null;
    switch (problem) {
      case 'name-empty':
        return t`The key needs a name`;
      case 'days-invalid':
        return t`Enter a valid number of days`;
      case 'custom-key-empty':
        return t`Enter the custom key, or turn the option off`;
      case 'custom-key-chars':
        return t`Use only letters, digits, underscore and hyphen`;
      case 'custom-key-short':
        return t`The custom key needs at least 16 characters`;
      case 'custom-key-long':
        return t`The custom key can be at most 128 characters`;
      case 'path-invalid':
        return t`Enter a path such as / or /team/docs`;
      default:
        return null;
    }
  };

  function save() {
    const valid = Object.keys(problems).length === 0;
    // Show the tab that holds the first problem.
    if (!valid)
      setTab(
        problems.basicPath && !problems.name && !problems.expiry && !problems.customKey ? 'path' : 'basic',
      );
    return form.save({
      valid,
      failure: creating ? t`Could not create the API key` : t`Could not update the API key`,
      run: async () => {
        if (creating) {
          const created = await client.apiKeys.create(createBody(state));
          onSaved(created, true);
        } else {
          const body = updateBody(state, apiKey);
          if (Object.keys(body).length === 0) return onClose();
          onSaved(await client.apiKeys.update(apiKey.id, body), false);
          form.ok(t`API key updated`);
        }
      },
    });
  }

  const tabButton = (value: Tab, label: string, invalid: boolean) => (
    <button
      type="button"
      role="tab"
      id={`key-tab-${value}`}
      aria-selected={tab === value}
      aria-controls={`key-panel-${value}`}
      className={`tab${tab === value ? ' active' : ''}`}
      onClick={() => setTab(value)}
    >
      {label}
      {form.tried && invalid && <span className="field-error"> •</span>}
    </button>
  );
  const expiryLabel = apiKey?.expires_at
    ? t`Keep current (expires ${formatDateTime(apiKey.expires_at, i18n.locale)})`
    : t`Keep current (never expires)`;

  return (
    <FormDialog
      title={creating ? t`New API key` : t`Edit API key ${apiKey.name}`}
      name="key-form"
      onClose={onClose}
      onSubmit={save}
      saving={form.saving}
      submitLabel={creating ? t`Create key` : undefined}
    >
      <div className="tabs" role="tablist" aria-label={t`Key settings`}>
        {tabButton('basic', t`Basic info`, Boolean(problems.name || problems.expiry || problems.customKey))}
        {tabButton('path', t`Path selection`, Boolean(problems.basicPath))}
      </div>
      <div
        id="key-panel-basic"
        role="tabpanel"
        aria-labelledby="key-tab-basic"
        className="form"
        hidden={tab !== 'basic'}
      >
        <TextField
          label={t`Name`}
          name="name"
          value={state.name}
          maxLength={100}
          error={text(problems.name)}
          onChange={(v) => set('name', v)}
        />
        <fieldset className="field">
          <legend>
            <strong>{t`Permissions`}</strong>
          </legend>
          <CheckField name="text_permission" checked={state.text} onChange={(v) => set('text', v)}>
            {t`Text: create and manage its text shares`}
          </CheckField>
          <CheckField name="file_permission" checked={state.file} onChange={(v) => set('file', v)}>
            {t`File: upload and manage its file shares`}
          </CheckField>
          <CheckField name="mount_permission" checked={state.mount} onChange={(v) => set('mount', v)}>
            {t`Mount: browse and change mounted storage within its path`}
          </CheckField>
          {!state.text && !state.file && !state.mount && (
            <span className="field-hint">{t`Without any permission the key can sign in to nothing.`}</span>
          )}
        </fieldset>
        <Field label={t`Expiry`} error={text(problems.expiry)}>
          <select
            name="expiry"
            value={state.expiry}
            onChange={(e) => set('expiry', e.target.value as KeyExpiry)}
          >
            {!creating && <option value="keep">{expiryLabel}</option>}
            <option value="1">{t`1 day`}</option>
            <option value="7">{t`7 days`}</option>
            <option value="30">{t`30 days`}</option>
            <option value="never">{t`Never`}</option>
            <option value="custom">{t`Custom number of days`}</option>
          </select>
          {state.expiry === 'custom' && (
            <input
              name="custom_days"
              type="number"
              min={1}
              step="any"
              aria-label={t({ message: 'Days', context: 'number of days a key lasts' })}
              value={state.customDays}
              aria-invalid={Boolean(text(problems.expiry)) || undefined}
              onChange={(e) => set('customDays', e.target.value)}
            />
          )}
        </Field>
        {creating && (
          <>
            <CheckField
              name="use_custom_key"
              checked={state.useCustomKey}
              onChange={(v) => set('useCustomKey', v)}
            >
              {t`Use a custom key instead of a random one`}
            </CheckField>
            {state.useCustomKey && (
              <TextField
                label={t`Custom key`}
                error={text(problems.customKey)}
                hint={t`8 to 128 letters, digits, _ or -`}
                name="custom_key"
                value={state.customKey}
                maxLength={CUSTOM_KEY_MAX + 10}
                autoComplete="off"
                className="mono"
                onChange={(v) => set('customKey', v)}
              />
            )}
          </>
        )}
      </div>
      <div
        id="key-panel-path"
        role="tabpanel"
        aria-labelledby="key-tab-path"
        className="form"
        hidden={tab !== 'path'}
      >
        <TextField
          label={t`Basic path`}
          error={text(problems.basicPath)}
          hint={t`The key reaches this folder and everything below it; / reaches everything.`}
          name="basic_path"
          value={state.basicPath}
          className="mono"
          placeholder="/"
          onChange={(v) => set('basicPath', v)}
        />
        {tab === 'path' && (
          <Suspense fallback={<p className="muted">{t`Loading…`}</p>}>
            <FolderTree
              label={t`Mounted folders`}
              selected={normalizeScopePath(state.basicPath.trim() || '/') ?? ''}
              onSelect={(path) => set('basicPath', path)}
            />
          </Suspense>
        )}
        <p className="muted">{t`Pick a folder from the mounts above, or type a path.`}</p>
      </div>
    </FormDialog>
  );
}
