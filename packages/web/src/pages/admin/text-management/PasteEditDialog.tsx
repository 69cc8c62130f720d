/** Edits a text share: content and format, plus the share settings (slug, remark, password, expiry, max views). */
import type { PasteFormat, PasteRecord, UpdatePasteBody } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { Dialog } from '../shared/Dialog.tsx';
import { Field } from '../shared/FormFields.tsx';
import { useFeedback } from '../shared/feedback.ts';
import { ShareSettingsFields } from '../shared/ShareSettingsFields.tsx';
import { initialShareForm, shareUpdateBody, validateShareForm } from '../shared/shareForm.ts';

export function PasteEditDialog({
  paste,
  onClose,
  onSaved,
}: {
  paste: PasteRecord;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useLingui();
  const { client } = useServices();
  const feedback = useFeedback();
  const [content, setContent] = useState(paste.content);
  const [format, setFormat] = useState<PasteFormat>(paste.format);
  const [share, setShare] = useState(() => initialShareForm(paste));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const problems = validateShareForm(share);
  const contentEmpty = content.trim().length === 0;

  async function save() {
    setTried(true);
    if (contentEmpty || Object.keys(problems).length > 0) return;
    const body: UpdatePasteBody = shareUpdateBody(share, paste);
    if (content !== paste.content) body.content = content;
    if (format !== paste.format) body.format = format;
    if (Object.keys(body).length === 0) return onClose();
    setSaving(true);
    try {
      await client.pastes.update(paste.id, body);
      feedback.ok(t`Text share updated`);
      onSaved();
    } catch (err) {
      feedback.fail(t`Could not update the text share`, err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      title={t`Edit text share ${paste.slug}`}
      name="paste-edit"
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
        <Field label={t`Content`} error={tried && contentEmpty ? t`Content cannot be empty` : null}>
          <textarea
            name="content"
            value={content}
            aria-invalid={(tried && contentEmpty) || undefined}
            onChange={(e) => setContent(e.target.value)}
          />
        </Field>
        <Field label={t`Format`}>
          <select name="format" value={format} onChange={(e) => setFormat(e.target.value as PasteFormat)}>
            <option value="markdown">Markdown</option>
            <option value="text">{t`Plain text`}</option>
          </select>
        </Field>
        <ShareSettingsFields
          record={paste}
          state={share}
          problems={problems}
          showProblems={tried}
          onChange={setShare}
        />
      </div>
    </Dialog>
  );
}
