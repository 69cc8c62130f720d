/** The S3 part of the storage config form: endpoint, region, bucket, keys, addressing, links. */
import type { StorageConfig } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import type { Dispatch, SetStateAction } from 'react';
import { CheckField, TextField } from '../shared/FormFields.tsx';
import { type ConfigFormState, type ConfigProblem, type ConfigProblems, withRegion } from './configForm.ts';
import { exampleFor, type ProviderPreset } from './presets.ts';

export interface S3FieldsProps {
  state: ConfigFormState;
  setState: Dispatch<SetStateAction<ConfigFormState>>;
  problems: ConfigProblems;
  /** The inline error of a problem (null until the form was submitted once). */
  text(p: ConfigProblem | undefined): string | null;
  preset: ProviderPreset;
  /** The stored config when editing (its secret is write-only). */
  config: StorageConfig | null;
}

export function S3Fields({ state, setState, problems, text, preset, config }: S3FieldsProps) {
  const { t } = useLingui();
  const set = <K extends keyof ConfigFormState>(key: K, value: ConfigFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));
  const keepsSecret = config !== null && config.has_secret_access_key;
  return (
    <>
      <div className="grid-2">
        <TextField
          label={state.provider === 'aws' ? t`Endpoint URL (optional)` : t`Endpoint URL`}
          name="endpoint_url"
          className="mono"
          type="url"
          value={state.endpoint}
          placeholder={preset ? exampleFor(preset, state.region) : ''}
          error={text(problems.endpoint)}
          hint={preset ? t`e.g. ${exampleFor(preset, state.region)}` : null}
          onChange={(v) => set('endpoint', v)}
        />
        <TextField
          label={t`Region`}
          name="region"
          className="mono"
          value={state.region}
          error={text(problems.region)}
          onChange={(v) => setState((s) => withRegion(s, v))}
        />
      </div>
      <div className="grid-2">
        <TextField
          label={t`Bucket`}
          name="bucket_name"
          className="mono"
          value={state.bucket}
          error={text(problems.bucket)}
          onChange={(v) => set('bucket', v)}
        />
        <TextField
          label={t`Folder in the bucket`}
          name="default_folder"
          className="mono"
          value={state.defaultFolder}
          error={text(problems.defaultFolder)}
          hint={t`Empty = the bucket root.`}
          onChange={(v) => set('defaultFolder', v)}
        />
      </div>
      <div className="grid-2">
        <TextField
          label={t`Access key ID`}
          name="access_key_id"
          className="mono"
          autoComplete="off"
          value={state.accessKeyId}
          error={text(problems.accessKeyId)}
          onChange={(v) => set('accessKeyId', v)}
        />
        <TextField
          label={t`Secret access key`}
          name="secret_access_key"
          type="password"
          autoComplete="new-password"
          value={state.secret}
          placeholder={keepsSecret ? '••••••••' : ''}
          error={text(problems.secret)}
          hint={
            keepsSecret
              ? t`Stored and never shown again. Leave blank to keep it.`
              : t`Stored encrypted and never shown again.`
          }
          onChange={(v) => set('secret', v)}
        />
      </div>
      <CheckField name="path_style" checked={state.pathStyle} onChange={(v) => set('pathStyle', v)}>
        {t`Path-style addressing (endpoint/bucket/key; MinIO and most self-hosted stores need it)`}
      </CheckField>
      <div className="grid-2">
        <TextField
          label={t`Public host (optional)`}
          name="custom_host"
          className="mono"
          type="url"
          value={state.customHost}
          error={text(problems.customHost)}
          hint={t`A CDN or custom domain serving the bucket.`}
          onChange={(v) => set('customHost', v)}
        />
        <TextField
          label={t`Signed link lifetime (seconds)`}
          name="signature_expires_in"
          type="number"
          min={1}
          max={604800}
          value={state.signatureExpiresIn}
          error={text(problems.signatureExpiresIn)}
          onChange={(v) => set('signatureExpiresIn', v)}
        />
      </div>
      <CheckField
        name="proxy_downloads"
        checked={state.proxyDownloads}
        onChange={(v) => set('proxyDownloads', v)}
      >
        {t`Stream downloads through the server (off: redirect to a signed storage link)`}
      </CheckField>
    </>
  );
}
