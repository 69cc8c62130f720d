/**
 * Upload limit (KB / MB / GB, stored in MB, > 0), the WebDAV upload mode, and the largest folder a path
 * share streams as one ZIP (same units).
 */
import { WEBDAV_UPLOAD_MODES, type WebdavUploadMode } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { RadioChoices, SizeField } from '../shared/FormFields.tsx';
import { type SettingsCardProps, SettingsForm, useSettingsSave } from './SettingsForm.tsx';
import { fromMegabytes, SIZE_UNITS, type SizeUnit, toMegabytes, uploadLimitProblem } from './units.ts';

const UNITS = Object.keys(SIZE_UNITS) as SizeUnit[];

export function UploadSettingsForm({ settings, onSaved }: SettingsCardProps) {
  const { t } = useLingui();
  const form = useSettingsSave(onSaved);
  const initial = fromMegabytes(settings.max_upload_size);
  const [amount, setAmount] = useState(String(initial.amount));
  const [unit, setUnit] = useState<SizeUnit>(initial.unit);
  const [mode, setMode] = useState<WebdavUploadMode>(settings.webdav_upload_mode);
  const initialZip = fromMegabytes(settings.max_zip_size);
  const [zipAmount, setZipAmount] = useState(String(initialZip.amount));
  const [zipUnit, setZipUnit] = useState<SizeUnit>(initialZip.unit);
  const problem = uploadLimitProblem(amount, unit);
  const zipProblem = uploadLimitProblem(zipAmount, zipUnit);
  // Shown once a save was tried; the two limits differ only in what must be greater than 0.
  const problemTextOf = (p: typeof problem, notPositive: string) =>
    !form.tried
      ? null
      : p === 'not-number'
        ? t`Enter a number`
        : p === 'not-positive'
          ? notPositive
          : p === 'too-large'
            ? t`That is more than this server can accept`
            : null;
  const problemText = problemTextOf(problem, t`The upload limit must be greater than 0`);
  const zipProblemText = problemTextOf(zipProblem, t`The ZIP limit must be greater than 0`);

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
    form.save(!problem && !zipProblem, () => ({
      max_upload_size: toMegabytes(Number(amount), unit),
      webdav_upload_mode: mode,
      max_zip_size: toMegabytes(Number(zipAmount), zipUnit),
    }));

  return (
    <SettingsForm
      titleId="upload-settings-title"
      title={t`Uploads`}
      saving={form.saving}
      submitLabel={t`Save settings`}
      onSubmit={save}
    >
      <SizeField
        label={t`Maximum upload size`}
        hint={t`Files larger than this are refused.`}
        error={problemText}
        name="max_upload_size"
        unitName="max_upload_unit"
        units={UNITS}
        amount={amount}
        unit={unit}
        onAmount={setAmount}
        onUnit={(u) => setUnit(u)}
      />
      <SizeField
        label={t`Maximum ZIP size`}
        hint={t`A shared folder larger than this cannot be downloaded as one ZIP.`}
        error={zipProblemText}
        name="max_zip_size"
        unitName="max_zip_unit"
        units={UNITS}
        amount={zipAmount}
        unit={zipUnit}
        onAmount={setZipAmount}
        onUnit={(u) => setZipUnit(u)}
      />
      <RadioChoices
        legend={t`WebDAV upload mode`}
        name="webdav_upload_mode"
        choices={WEBDAV_UPLOAD_MODES}
        text={modeText}
        value={mode}
        onChange={setMode}
      />
    </SettingsForm>
  );
}
