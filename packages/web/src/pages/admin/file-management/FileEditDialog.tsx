/** Edits a file share's settings: link suffix, remark, password, expiry and max views. */
import type { FileRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useServices } from '../../../app/services.ts';
import { formatBytes } from '../shared/format.ts';
import { ShareEditDialog } from '../shared/ShareEditDialog.tsx';

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
  const name = file.filename;
  const size = formatBytes(file.size);
  return (
    <ShareEditDialog
      record={file}
      title={t`Edit file share ${name}`}
      name="file-edit"
      own={{ valid: true, changes: {} }}
      update={(body) => client.files.update(file.id, body)}
      updated={t`File share updated`}
      failure={t`Could not update the file share`}
      onClose={onClose}
      onSaved={onSaved}
    >
      {() => <p className="muted">{`${size} · ${file.mimetype}`}</p>}
    </ShareEditDialog>
  );
}
