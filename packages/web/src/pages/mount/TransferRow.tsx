/**
 * One of the browser's own transfers in the task manager: an upload (bytes, speed) or a client-side
 * copy (phase, current item, counts, the failed items), with cancel, retry of failed items and remove.
 */
import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { formatBytes } from '../admin/shared/format.ts';
import { useTaskTexts } from './taskTexts.ts';
import type { Transfer } from './transferStore.ts';

/**
 * Memoised, with handlers that take the transfer's id: a change to one transfer renders its row only,
 * not the hundreds beside it when a folder of small files uploads (bench/results/browser-upload.md).
 */
export const TransferRow = memo(function TransferRow({
  transfer: x,
  onCancel,
  onRetry,
  onRemove,
}: {
  transfer: Transfer;
  onCancel(id: string): void;
  onRetry(id: string): void;
  onRemove(id: string): void;
}) {
  const { t } = useLingui();
  const text = useTaskTexts();
  const active = x.status === 'running' || x.status === 'pending';
  const isCopy = x.kind === 'copy';
  const failures = x.failures ?? [];
  return (
    <li
      className="task"
      data-task-kind={x.kind}
      data-task-source="browser"
      data-status={x.status}
      data-phase={isCopy && active ? x.phase : undefined}
    >
      <div className="task-line">
        <strong>{text.type(x.kind)}</strong> <span className="task-name">{x.name}</span>
        <span className={`badge task-status ${x.status}`}>{text.status(x.status)}</span>
      </div>
      {isCopy ? (
        <progress max={x.total || 1} value={x.done ?? 0} aria-label={t`Progress of ${x.name}`} />
      ) : (
        <progress max={x.size || 1} value={x.loaded} aria-label={t`Progress of ${x.name}`} />
      )}
      {isCopy && active && x.phase && (
        <div className="task-line muted task-phase">
          {text.phase(x.phase)}
          {x.current && ` · ${x.current}`}
        </div>
      )}
      <div className="task-line muted">
        {isCopy
          ? t`Through this browser to ${x.folder}: ${x.copied ?? 0} copied, ${x.skipped ?? 0} skipped, ${failures.length} failed of ${x.total ?? 0}`
          : `${formatBytes(x.loaded)} / ${formatBytes(x.size)}`}
        {x.status === 'running' && x.speed > 0 && ` · ${formatBytes(x.speed)}/s`}
        {x.error && ` · ${x.error}`}
        {x.status === 'interrupted' &&
          ` · ${isCopy ? t`Copy the items again to finish.` : t`Upload the same file to this folder again to resume.`}`}
        <span className="spacer" />
        {active && (
          <button type="button" className="button small" onClick={() => onCancel(x.id)}>
            {t`Cancel`}
          </button>
        )}
        {!active && failures.length > 0 && (
          <button type="button" className="button small" onClick={() => onRetry(x.id)}>
            {t`Retry failed`}
          </button>
        )}
        {!active && (
          <button type="button" className="button small" onClick={() => onRemove(x.id)}>
            {t`Remove`}
          </button>
        )}
      </div>
      {failures.length > 0 && (
        <ul className="task-failures" aria-label={t`Failed items`}>
          {failures.map((f) => (
            <li key={f.targetPath} data-failed={f.targetPath}>
              <code>{f.targetPath}</code>: {f.error}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
});
