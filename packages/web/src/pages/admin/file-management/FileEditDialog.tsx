/** Edits a file share's settings: link suffix, remark, password, expiry and max views. */
import type { FileRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { formatBytes } from '../shared/format.ts';
import { ShareSettingsFields } from '../shared/ShareSettingsFields.tsx';
import { initialShareForm, shareUpdateBody, validateShareForm } from '../shared/shareForm.ts';
import { useFormSave } from '../shared/useFormSave.ts';

export function FileEditDialog({
  file,
  onClose,
  onSaved,
}: {
  file: FileRecord;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useLingui();
  const { client } = useServices();
  const form = useFormSave();
  const [share, setShare] = useState(() => initialShareForm(file));
  const problems = validateShareForm(share);

  const save = () =>
    form.save({
      valid: Object.keys(problems).length === 0,
      failure: t`Could not update the file share`,
      run: async () => {
        const body = shareUpdateBody(share, file);
        if (Object.keys(body).length === 0) return onClose();
        await client.files.update(file.id, body);
        form.ok(t`File share updated`);
        onSaved();
      },
    });

  const name = file.filename;
  const size = formatBytes(file.size);
  return (
    <FormDialog
      title={t`Edit file share ${name}`}
      name="file-edit"
      wide
      onClose={onClose}
      onSubmit={save}
      saving={form.saving}
    >
      <div className="form">
        <p className="muted">{`${size} · ${file.mimetype}`}</p>
        <ShareSettingsFields
          record={file}
          state={share}
          problems={problems}
          showProblems={form.tried}
          onChange={setShare}
        />
      </div>
    </FormDialog>
  );
}
