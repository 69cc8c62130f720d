/**
 * Upload limit (KB / MB / GB, stored in MB, > 0), the WebDAV upload mode, and the largest folder a path
 * share streams as one ZIP (same units).
 */
import { type SystemSettings, WEBDAV_UPLOAD_MODES, type WebdavUploadMode } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { Field } from '../shared/FormFields.tsx';
import { binaryUnitLabel } from '../shared/format.ts';
import { useFormSave } from '../shared/useFormSave.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { fromMegabytes, SIZE_UNITS, type SizeUnit, toMegabytes, uploadLimitProblem } from './units.ts';

export function UploadSettingsForm({
  settings,
  onSaved,
}: {
  settings: SystemSettings;
  onSaved(s: SystemSettings): void;
}) {
  const { t } = useLingui();
  const { client } = useServices();
  const form = useFormSave();
  const initial = fromMegabytes(settings.max_upload_size);
  const [amount, setAmount] = useState(String(initial.amount));
  const [unit, setUnit] = useState<SizeUnit>(initial.unit);
  const [mode, setMode] = useState<WebdavUploadMode>(settings.webdav_upload_mode);
  const initialZip = fromMegabytes(settings.max_zip_size);
  const [zipAmount, setZipAmount] = useState(String(initialZip.amount));
  const [zipUnit, setZipUnit] = useState<SizeUnit>(initialZip.unit);
  const problem = uploadLimitProblem(amount, unit);
  const zipProblem = uploadLimitProblem(zipAmount, zipUnit);
  const zipProblemText = !form.tried
    ? null
    : zipProblem === 'not-number'
      ? t`Enter a number`
      : zipProblem === 'not-positive'
        ? t`The ZIP limit must be greater than 0`
        : zipProblem === 'too-large'
          ? t`That is more than this server can accept`
          : null;
  const problemText = !form.tried
    ? null
    : problem === 'not-number'
      ? t`Enter a number`
      : problem === 'not-positive'
        ? t`The upload limit must be greater than 0`
        : problem === 'too-large'
          ? t`That is more than this server can accept`
          : null;

  const modeText: Record<WebdavUploadMode, { label: string; hint: string }> = {
    auto: { label: t`Auto (recommended)`, hint: t`Up to 8 MB in one piece, larger files in 8 MB parts.` },
    presigned: {
      label: t`Presigned (proxy)`,
      hint: t`The server streams the body to a presigned URL of the storage.`,
    },
    multipart: { label: t`Multipart`, hint: t`Streams in 8 MB parts; good for big files on S3.` },
    direct: {
      label: t`Direct`,
      hint: t`One streamed write up to 100 MB; larger files go in parts.`,
    },
  };

  const save = () =>
    form.save({
      valid: !problem && !zipProblem,
      failure: t`Could not save the settings`,
      run: async () => {
        const saved = await client.system.updateSettings({
          max_upload_size: toMegabytes(Number(amount), unit),
          webdav_upload_mode: mode,
          max_zip_size: toMegabytes(Number(zipAmount), zipUnit),
        });
        form.ok(t`Settings saved`);
        onSaved(saved);
      },
    });

  return (
    <SettingsForm
      titleId="upload-settings-title"
      title={t`Uploads`}
      saving={form.saving}
      submitLabel={t`Save settings`}
      onSubmit={save}
    >
      <Field label={t`Maximum upload size`} error={problemText} hint={t`Files larger than this are refused.`}>
        <div className="field-row">
          <input
            name="max_upload_size"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={amount}
            aria-invalid={Boolean(problemText) || undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
          <select
            name="max_upload_unit"
            aria-label={t`Unit`}
            value={unit}
            onChange={(e) => setUnit(e.target.value as SizeUnit)}
          >
            {Object.keys(SIZE_UNITS).map((u) => (
              <option key={u} value={u}>
                {binaryUnitLabel(u)}
              </option>
            ))}
          </select>
        </div>
      </Field>
      <Field
        label={t`Maximum ZIP size`}
        error={zipProblemText}
        hint={t`A shared folder larger than this cannot be downloaded as one ZIP.`}
      >
        <div className="field-row">
          <input
            name="max_zip_size"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={zipAmount}
            aria-invalid={Boolean(zipProblemText) || undefined}
            onChange={(e) => setZipAmount(e.target.value)}
          />
          <select
            name="max_zip_unit"
            aria-label={t`Unit`}
            value={zipUnit}
            onChange={(e) => setZipUnit(e.target.value as SizeUnit)}
          >
            {Object.keys(SIZE_UNITS).map((u) => (
              <option key={u} value={u}>
                {binaryUnitLabel(u)}
              </option>
            ))}
          </select>
        </div>
      </Field>
      <fieldset className="field">
        <legend>
          <strong>{t`WebDAV upload mode`}</strong>
        </legend>
        {WEBDAV_UPLOAD_MODES.map((m) => (
          <label key={m} className="check-field">
            <input
              type="radio"
              name="webdav_upload_mode"
              value={m}
              checked={mode === m}
              onChange={() => setMode(m)}
            />
            <span>
              {modeText[m].label}
              <span className="field-hint"> — {modeText[m].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </SettingsForm>
  );
}
