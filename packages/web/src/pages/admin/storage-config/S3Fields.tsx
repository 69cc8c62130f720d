/** The S3 part of the storage config form: endpoint, region, bucket, keys, addressing, links. */
import type { StorageConfig } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import type { Dispatch, SetStateAction } from 'react';
import { Field } from '../shared/ShareSettingsFields.tsx';
import { type ConfigFormState, type ConfigProblem, type ConfigProblems, withRegion } from './configForm.ts';
import { exampleFor, type ProviderPreset } from './presets.ts';

export interface S3FieldsProps {
  state: ConfigFormState;
  setState: Dispatch<SetStateAction<ConfigFormState>>;
  problems: ConfigProblems;
  text(p: ConfigProblem | undefined): string | null;
  invalid(p: ConfigProblem | undefined): true | undefined;
  preset: ProviderPreset;
  /** The stored config when editing (its secret is write-only). */
  config: StorageConfig | null;
}

export function S3Fields({ state, setState, problems, text, invalid, preset, config }: S3FieldsProps) {
  const { t } = useLingui();
  const set = <K extends keyof ConfigFormState>(key: K, value: ConfigFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));
  const creating = config === null;
  return (
    <>
      <div className="grid-2">
        <Field
          label={state.provider === 'aws' ? t`Endpoint URL (optional)` : t`Endpoint URL`}
          error={text(problems.endpoint)}
          hint={preset ? t`e.g. ${exampleFor(preset, state.region)}` : null}
        >
          <input
            name="endpoint_url"
            className="mono"
            type="url"
            value={state.endpoint}
            placeholder={preset ? exampleFor(preset, state.region) : ''}
            aria-invalid={invalid(problems.endpoint)}
            onChange={(e) => set('endpoint', e.target.value)}
          />
        </Field>
        <Field label={t`Region`} error={text(problems.region)}>
          <input
            name="region"
            className="mono"
            value={state.region}
            aria-invalid={invalid(problems.region)}
            onChange={(e) => setState((s) => withRegion(s, e.target.value))}
          />
        </Field>
      </div>
      <div className="grid-2">
        <Field label={t`Bucket`} error={text(problems.bucket)}>
          <input
            name="bucket_name"
            className="mono"
            value={state.bucket}
            aria-invalid={invalid(problems.bucket)}
            onChange={(e) => set('bucket', e.target.value)}
          />
        </Field>
        <Field
          label={t`Folder in the bucket`}
          error={text(problems.defaultFolder)}
          hint={t`Empty = the bucket root.`}
        >
          <input
            name="default_folder"
            className="mono"
            value={state.defaultFolder}
            aria-invalid={invalid(problems.defaultFolder)}
            onChange={(e) => set('defaultFolder', e.target.value)}
          />
        </Field>
      </div>
      <div className="grid-2">
        <Field label={t`Access key ID`} error={text(problems.accessKeyId)}>
          <input
            name="access_key_id"
            className="mono"
            autoComplete="off"
            value={state.accessKeyId}
            aria-invalid={invalid(problems.accessKeyId)}
            onChange={(e) => set('accessKeyId', e.target.value)}
          />
        </Field>
        <Field
          label={t`Secret access key`}
          error={text(problems.secret)}
          hint={
            !creating && config.has_secret_access_key
              ? t`Stored and never shown again. Leave blank to keep it.`
              : t`Stored encrypted and never shown again.`
          }
        >
          <input
            name="secret_access_key"
            type="password"
            autoComplete="new-password"
            value={state.secret}
            placeholder={!creating && config.has_secret_access_key ? '••••••••' : ''}
            aria-invalid={invalid(problems.secret)}
            onChange={(e) => set('secret', e.target.value)}
          />
        </Field>
      </div>
      <label className="check-field">
        <input
          type="checkbox"
          name="path_style"
          checked={state.pathStyle}
          onChange={(e) => set('pathStyle', e.target.checked)}
        />
        {t`Path-style addressing (endpoint/bucket/key; MinIO and most self-hosted stores need it)`}
      </label>
      <div className="grid-2">
        <Field
          label={t`Public host (optional)`}
          error={text(problems.customHost)}
          hint={t`A CDN or custom domain serving the bucket.`}
        >
          <input
            name="custom_host"
            className="mono"
            type="url"
            value={state.customHost}
            aria-invalid={invalid(problems.customHost)}
            onChange={(e) => set('customHost', e.target.value)}
          />
        </Field>
        <Field label={t`Signed link lifetime (seconds)`} error={text(problems.signatureExpiresIn)}>
          <input
            name="signature_expires_in"
            type="number"
            min={1}
            max={604800}
            value={state.signatureExpiresIn}
            aria-invalid={invalid(problems.signatureExpiresIn)}
            onChange={(e) => set('signatureExpiresIn', e.target.value)}
          />
        </Field>
      </div>
      <label className="check-field">
        <input
          type="checkbox"
          name="proxy_downloads"
          checked={state.proxyDownloads}
          onChange={(e) => set('proxyDownloads', e.target.checked)}
        />
        {t`Stream downloads through the server (off: redirect to a signed storage link)`}
      </label>
    </>
  );
}
