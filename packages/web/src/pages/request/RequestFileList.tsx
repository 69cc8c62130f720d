import { useLingui } from '@lingui/react/macro';
import { UploadItem, UploadItemButton } from '../../components/UploadItem.tsx';
import type { RequestItem } from './useRequestUploads.ts';

/** Each file with a progress bar while it goes up, what it landed as, or why not (with a retry). */
export function RequestFileList({
  items,
  onRetry,
  onRemove,
}: {
  items: RequestItem[];
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useLingui();
  if (items.length === 0) return null;
  return (
    <ul className="row-list upload-list" aria-label={t`Files to send`}>
      {items.map((item) => {
        const name = item.dir ? `${item.dir}/${item.file.name}` : item.file.name;
        const percent = item.file.size === 0 ? 100 : Math.floor((item.loaded / item.file.size) * 100);
        return (
          <UploadItem
            key={item.id}
            file={item.file}
            name={name}
            status={item.status}
            actions={
              <>
                {item.status === 'interrupted' && (
                  <UploadItemButton label={t`Retry ${name}`} onClick={() => onRetry(item.id)}>
                    {t`Retry`}
                  </UploadItemButton>
                )}
                {item.status !== 'done' && (
                  <UploadItemButton label={t`Remove ${name}`} onClick={() => onRemove(item.id)}>
                    {item.status === 'uploading' ? t`Stop` : t`Remove`}
                  </UploadItemButton>
                )}
              </>
            }
          >
            {(item.status === 'uploading' || item.status === 'interrupted' || item.status === 'waiting') && (
              <div className="upload-progress">
                <progress max={100} value={percent} aria-label={t`Progress of ${name}`} />
                <span className="muted">{item.status === 'waiting' ? t`Waiting` : `${percent}%`}</span>
              </div>
            )}
            {item.status === 'done' && item.done && (
              <p className="upload-note" data-testid="request-file-done">
                {item.done.name === item.file.name
                  ? t`Sent`
                  : t`Sent as ${item.done.name} (a file of that name was already there)`}
              </p>
            )}
            {item.problem && (
              <p
                className={item.status === 'refused' ? 'field-error upload-note' : 'muted upload-note'}
                role="alert"
              >
                {item.problem}
              </p>
            )}
          </UploadItem>
        );
      })}
    </ul>
  );
}
