/** Create or edit a mount: name, path, storage, remark, sort order, cache TTL, web proxy, active. */
import { isFullStorageConfig, MOUNT_PATH_MAX, type Mount, type StorageConfigView } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { CheckField, Field, TextField } from '../shared/FormFields.tsx';
import { useFormSave } from '../shared/useFormSave.ts';
import {
  editMountForm,
  type MountFormState,
  type MountProblem,
  mountBody,
  newMountForm,
  validateMountForm,
} from './mountForm.ts';

/** The lazy folder tree (shared with the key form), here over the folders inside the chosen storage. */
const FolderTree = lazy(() => import('../../mount/FolderTree.tsx').then((m) => ({ default: m.FolderTree })));

const storageTypeOf = (c: StorageConfigView) =>
  isFullStorageConfig(c) && c.provider_type === 'local' ? ('local' as const) : ('s3' as const);

export function MountFormDialog({
  mount,
  configs,
  takenPaths,
  onClose,
  onSaved,
}: {
  mount: Mount | null;
  configs: StorageConfigView[];
  takenPaths: string[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useLingui();
  const { client } = useServices();
  const form = useFormSave();
  const creating = mount === null;
  const [state, setState] = useState<MountFormState>(() => {
    if (mount) return editMountForm(mount);
    const first = configs.find((c) => isFullStorageConfig(c) && c.is_default) ?? configs[0];
    return newMountForm(first ? String(first.id) : '', first ? storageTypeOf(first) : 's3');
  });
  const problems = validateMountForm(
    state,
    takenPaths.filter((p) => p !== mount?.mount_path),
  );
  const configId = state.storageConfigId;
  const loadFolders = useCallback(
    async (path: string) =>
      (await client.storageConfigs.folders(configId, path)).folders.map((name) => ({
        name,
        path: path ? `${path}/${name}` : name,
      })),
    [client, configId],
  );
  const set = <K extends keyof MountFormState>(key: K, value: MountFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));

  const text = (p: MountProblem | undefined): string | null => {
    if (!form.tried || !p) return null;
    switch (p) {
      case 'required':
        return t`Required`;
      case 'name-length':
        return t`Between 2 and 50 characters`;
      case 'path-start':
        return t`Start with / and name a folder, e.g. /photos`;
      case 'path-trailing':
        return t`Leave out the trailing /`;
      case 'path-segment':
        return t`No empty, "." or ".." segments`;
      case 'path-chars':
        return t`No backslashes or control characters`;
      case 'path-long':
        return t`At most ${MOUNT_PATH_MAX} characters`;
      case 'path-reserved':
        return t`The first segment is reserved (api, dav, admin, user, paste, file, upload, raw, assets)`;
      case 'path-taken':
        return t`Another mount already uses this path`;
      case 'non-negative-integer':
        return t`A whole number of 0 or more`;
    }
  };

  const save = () =>
    form.save({
      valid: Object.keys(problems).length === 0,
      failure: creating ? t`Could not create the mount` : t`Could not update the mount`,
      run: async () => {
        const body = mountBody(state);
        if (creating) await client.mounts.create(body);
        else await client.mounts.update(mount.id, body);
        form.ok(creating ? t`Mount created` : t`Mount updated`);
        onSaved();
      },
    });

  return (
    <FormDialog
      title={creating ? t`New mount` : t`Edit mount ${mount.name}`}
      name="mount-form"
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
            maxLength={60}
            value={state.name}
            error={text(problems.name)}
            onChange={(v) => set('name', v)}
          />
          <TextField
            label={t`Mount path`}
            name="mount_path"
            className="mono"
            value={state.mountPath}
            error={text(problems.mountPath)}
            hint={t`Where the storage appears in the explorer and WebDAV, e.g. /photos`}
            onChange={(v) => set('mountPath', v)}
          />
        </div>
        <Field label={t`Storage config`} error={text(problems.storageConfigId)}>
          <select
            name="storage_config_id"
            value={state.storageConfigId}
            aria-invalid={text(problems.storageConfigId) ? true : undefined}
            onChange={(e) => {
              const config = configs.find((c) => String(c.id) === e.target.value);
              setState((s) => ({
                ...s,
                storageConfigId: e.target.value,
                storageType: config ? storageTypeOf(config) : s.storageType,
              }));
            }}
          >
            <option value="">{t`Choose a storage config`}</option>
            {configs.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          label={t`Folder in the storage`}
          name="root_prefix"
          className="mono"
          value={state.rootPrefix}
          placeholder="/"
          hint={t`The folder that becomes the mount's root; empty for the whole storage.`}
          onChange={(v) => set('rootPrefix', v)}
        />
        {configId && (
          <Suspense fallback={<p className="muted">{t`Loading…`}</p>}>
            <FolderTree
              key={configId}
              label={t`Folders in the storage`}
              root={{ path: '', name: '/' }}
              load={loadFolders}
              selected={state.rootPrefix.trim().replace(/^\/+|\/+$/g, '')}
              onSelect={(path) => set('rootPrefix', path)}
            />
          </Suspense>
        )}
        <TextField
          label={t`Remark`}
          name="remark"
          maxLength={200}
          value={state.remark}
          onChange={(v) => set('remark', v)}
        />
        <div className="grid-2">
          <TextField
            label={t`Sort order`}
            name="sort_order"
            inputMode="numeric"
            value={state.sortOrder}
            error={text(problems.sortOrder)}
            hint={t`Lower numbers come first`}
            onChange={(v) => set('sortOrder', v)}
          />
          <TextField
            label={t`Cache TTL (seconds)`}
            name="cache_ttl"
            inputMode="numeric"
            value={state.cacheTtl}
            error={text(problems.cacheTtl)}
            hint={t`How long folder listings are cached; 0 = never cached`}
            onChange={(v) => set('cacheTtl', v)}
          />
        </div>
        <CheckField name="web_proxy" checked={state.webProxy} onChange={(v) => set('webProxy', v)}>
          {t`Stream downloads through this server (off: redirect to a presigned link)`}
        </CheckField>
        <CheckField name="is_active" checked={state.isActive} onChange={(v) => set('isActive', v)}>
          {t`Active`}
        </CheckField>
      </div>
    </FormDialog>
  );
}
