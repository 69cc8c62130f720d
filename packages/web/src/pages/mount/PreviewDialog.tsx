/** A file's preview as a dialog (also the `?preview=name` deep link), with edit, direct link and download. */
import type { FsGetResult, FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { Dialog } from '../admin/shared/Dialog.tsx';
import { isEditable } from './explorerModel.ts';
import { PreviewPane } from './PreviewPane.tsx';

export function PreviewDialog({
  name,
  item,
  loading,
  onClose,
  onDownload,
  onLink,
  onEdit,
}: {
  name: string;
  item: FsItem | null;
  loading: boolean;
  onClose(): void;
  onDownload(item: FsItem): void;
  onLink(item: FsItem): void;
  onEdit?(item: FsItem): void;
}) {
  const { t } = useLingui();
  const { client } = useServices();
  const [meta, setMeta] = useState<FsGetResult | null>(null);
  useEffect(() => {
    if (!item) return;
    let live = true;
    setMeta(null);
    client.fs.get(item.path).then(
      (m) => live && setMeta(m),
      () => live && setMeta({ ...item, download_url: null, preview_url: null, render_url: null }),
    );
    return () => {
      live = false;
    };
  }, [client, item]);
  return (
    <Dialog
      title={name}
      name="preview"
      wide
      onClose={onClose}
      footer={
        item && (
          <>
            {onEdit && isEditable(item) && (
              <button type="button" className="button" onClick={() => onEdit(item)}>
                {t`Edit`}
              </button>
            )}
            <button type="button" className="button" onClick={() => onLink(item)}>
              {t`Direct link`}
            </button>
            <button type="button" className="button primary" onClick={() => onDownload(item)}>
              {t`Download`}
            </button>
          </>
        )
      }
    >
      <div className="preview-body">
        {item ? (
          <PreviewPane item={item} meta={meta} onDownload={() => onDownload(item)} />
        ) : loading ? (
          <p className="muted">{t`Loading…`}</p>
        ) : (
          <p className="muted" role="alert">{t`${name} is not in this folder.`}</p>
        )}
      </div>
    </Dialog>
  );
}
