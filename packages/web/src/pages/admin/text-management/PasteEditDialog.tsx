/** Edits a text share: content and format, plus the share settings (slug, remark, password, expiry, max views). */
import type { PasteFormat, PasteRecord, UpdatePasteBody } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { Field } from '../shared/FormFields.tsx';
import { ShareSettingsFields } from '../shared/ShareSettingsFields.tsx';
import { initialShareForm, shareUpdateBody, validateShareForm } from '../shared/shareForm.ts';
import { useFormSave } from '../shared/useFormSave.ts';

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
  const form = useFormSave();
  const [content, setContent] = useState(paste.content);
  const [format, setFormat] = useState<PasteFormat>(paste.format);
  const [share, setShare] = useState(() => initialShareForm(paste));
  const problems = validateShareForm(share);
  const contentEmpty = content.trim().length === 0;

  const save = () =>
    form.save({
      valid: !contentEmpty && Object.keys(problems).length === 0,
      failure: t`Could not update the text share`,
      run: async () => {
        const body: UpdatePasteBody = shareUpdateBody(share, paste);
        if (content !== paste.content) body.content = content;
        if (format !== paste.format) body.format = format;
        if (Object.keys(body).length === 0) return onClose();
        await client.pastes.update(paste.id, body);
        form.ok(t`Text share updated`);
        onSaved();
      },
    });

  return (
    <FormDialog
      title={t`Edit text share ${paste.slug}`}
      name="paste-edit"
      wide
      onClose={onClose}
      onSubmit={save}
      saving={form.saving}
    >
      <div className="form">
        <Field label={t`Content`} error={form.tried && contentEmpty ? t`Content cannot be empty` : null}>
          <textarea
            name="content"
            value={content}
            aria-invalid={(form.tried && contentEmpty) || undefined}
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
          showProblems={form.tried}
          onChange={setShare}
        />
      </div>
    </FormDialog>
  );
}
