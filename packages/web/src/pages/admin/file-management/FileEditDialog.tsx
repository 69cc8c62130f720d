/** Edits a file share's settings: link suffix, remark, password, expiry and max views. */
import type { FileRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { useFeedback } from '../shared/feedback.ts';
import { formatBytes } from '../shared/format.ts';
import { ShareSettingsFields } from '../shared/ShareSettingsFields.tsx';
import { initialShareForm, shareUpdateBody, validateShareForm } from '../shared/shareForm.ts';

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
  const feedback = useFeedback();
  const [share, setShare] = useState(() => initialShareForm(file));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const problems = validateShareForm(share);

  async function save() {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const body = shareUpdateBody(share, file);
    if (Object.keys(body).length === 0) return onClose();
    setSaving(true);
    try {
      await client.files.update(file.id, body);
      feedback.ok(t`File share updated`);
      onSaved();
    } catch (err) {
      feedback.fail(t`Could not update the file share`, err);
    } finally {
      setSaving(false);
    }
  }

  const name = file.filename;
  const size = formatBytes(file.size);
  return (
    <Dialog
      title={t`Edit file share ${name}`}
      name="file-edit"
      wide
      onClose={onClose}
      onSubmit={save}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="submit" className="button primary" disabled={saving}>
            {saving ? t`Saving…` : t`Save`}
          </button>
        </>
      }
    >
      <div className="form">
        <p className="muted">{`${size} · ${file.mimetype}`}</p>
        <ShareSettingsFields
          record={file}
          state={share}
          problems={problems}
          showProblems={tried}
          onChange={setShare}
        />
      </div>
    </Dialog>
  );
}
