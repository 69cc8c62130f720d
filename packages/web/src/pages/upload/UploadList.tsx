import { formatBytes, type UploadStage } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { UploadItem, UploadItemButton } from '../../components/UploadItem.tsx';
import { keyFragmentOf } from '../../lib/e2e/linkKey.ts';
import { formatMegabytes } from '../admin/shared/format.ts';
import type { QueueItem } from './uploadQueue.ts';

interface Props {
  items: QueueItem[];
  /** Null until the server's limit is known (no file is refused as too large before). */
  maxMb: number | null;
  onRemove: (id: string) => void;
  onCancel: (id: string) => void;
}

/** Each chosen file with its status: pending, uploading (stage and percent), done (link) or failed (why). */
export function UploadList({ items, maxMb, onRemove, onCancel }: Props) {
  const { t } = useLingui();
  if (items.length === 0) return null;
  const stageNames: Record<UploadStage, string> = {
    starting: t`Starting`,
    initializing: t`Preparing`,
    downloading: t`Downloading`,
    uploading: t`Uploading`,
    processing: t`Processing`,
    completing: t`Finishing`,
    completed: t`Done`,
  };
  const problemText = (item: QueueItem) => {
    const size = formatBytes(item.file.size);
    switch (item.problem?.code) {
      case 'too-large': {
        const limit = maxMb === null ? '' : formatMegabytes(maxMb);
        return t`${size} is over the maximum upload size of ${limit}`;
      }
      case 'empty':
        return t`The file is empty`;
      case 'cancelled':
        return t`Upload cancelled`;
      default:
        return item.problem?.message ?? t`Upload failed`;
    }
  };
  return (
    <ul className="row-list upload-list" aria-label={t`Files`}>
      {items.map((item) => {
        const name = item.file.name;
        return (
          <UploadItem
            key={item.id}
            file={item.file}
            status={item.status}
            actions={
              item.status === 'uploading' ? (
                <UploadItemButton label={t`Cancel upload of ${name}`} onClick={() => onCancel(item.id)}>
                  {t`Cancel`}
                </UploadItemButton>
              ) : (
                <UploadItemButton label={t`Remove ${name} from the list`} onClick={() => onRemove(item.id)}>
                  {t`Remove`}
                </UploadItemButton>
              )
            }
          >
            {item.status === 'pending' && <p className="muted upload-note">{t`Waiting`}</p>}
            {item.status === 'uploading' && (
              <div className="upload-progress">
                <progress max={100} value={item.percent} aria-label={t`Progress of ${name}`} />
                <span className="muted">
                  {item.stage ? stageNames[item.stage] : ''} {item.percent}%
                </span>
              </div>
            )}
            {item.status === 'success' && item.result && (
              <p className="upload-note">
                <Link
                  to={pathFor('file-view', { slug: item.result.slug }) + keyFragmentOf(item.result.url)}
                  data-testid="upload-link"
                >
                  {item.result.url}
                </Link>
              </p>
            )}
            {item.status === 'error' && (
              <p className="field-error upload-note" role="alert">
                {problemText(item)}
              </p>
            )}
          </UploadItem>
        );
      })}
    </ul>
  );
}
