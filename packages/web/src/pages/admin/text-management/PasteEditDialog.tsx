/** Edits a text share: content and format, plus the share settings (slug, remark, password, expiry, max views). */
import type { PasteFormat, PasteRecord, UpdatePasteBody } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { Field } from '../shared/FormFields.tsx';
import { ShareEditDialog } from '../shared/ShareEditDialog.tsx';

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
  const [content, setContent] = useState(paste.content);
  const [format, setFormat] = useState<PasteFormat>(paste.format);
  const contentEmpty = content.trim().length === 0;
  const changes: Pick<UpdatePasteBody, 'content' | 'format'> = {};
  if (content !== paste.content) changes.content = content;
  if (format !== paste.format) changes.format = format;

  return (
    <ShareEditDialog
      record={paste}
      title={t`Edit text share ${paste.slug}`}
      name="paste-edit"
      own={{ valid: !contentEmpty, changes }}
      update={(body) => client.pastes.update(paste.id, body)}
      updated={t`Text share updated`}
      failure={t`Could not update the text share`}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(tried) => (
        <>
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
        </>
      )}
    </ShareEditDialog>
  );
}
