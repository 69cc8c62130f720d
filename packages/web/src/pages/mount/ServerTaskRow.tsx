/**
 * One of the server's tasks in the task manager: progress, counts, and cancel, retry or remove; a
 * finished task with failed items opens to list them (read on demand, see ServerTaskFailures.tsx).
 */
import type { Task } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ServerTaskFailures } from './ServerTaskFailures.tsx';
import { useTaskTexts } from './taskTexts.ts';

const FINISHED = new Set(['completed', 'partial', 'failed', 'cancelled']);

export function ServerTaskRow({
  task,
  onCancel,
  onRetry,
  onRemove,
}: {
  task: Task;
  onCancel(): void;
  onRetry(): void;
  onRemove(): void;
}) {
  const { t } = useLingui();
  const text = useTaskTexts();
  const finished = FINISHED.has(task.status);
  const hasFailures = (task.status === 'failed' || task.status === 'partial') && (task.failed ?? 0) > 0;
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li className="task" data-task-kind={task.type} data-task-id={task.id} data-status={task.status}>
      <div className="task-line">
        <strong>{text.type(task.type)}</strong>
        <span className="task-name">{task.current_file ?? ''}</span>
        <span className={`badge task-status ${task.status}`}>{text.status(task.status)}</span>
      </div>
      <progress max={100} value={task.progress ?? 0} aria-label={t`Progress`} />
      <div className="task-line muted">
        {t`${task.success ?? 0} done, ${task.skipped ?? 0} skipped, ${task.failed ?? 0} failed of ${task.total ?? 0}`}
        {task.error && ` · ${task.error}`}
        <span className="spacer" />
        {!finished && (
          <button type="button" className="button small" onClick={onCancel}>
            {task.cancel_requested ? t`Cancelling…` : t`Cancel`}
          </button>
        )}
        {hasFailures && (
          <button
            type="button"
            className="button small"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            onClick={() => setOpen(!open)}
          >
            {open ? t`Hide failed items` : t`Show failed items`}
          </button>
        )}
        {(task.status === 'failed' || task.status === 'partial') && (task.failed ?? 1) > 0 && (
          <button type="button" className="button small" onClick={onRetry}>
            {t`Retry failed`}
          </button>
        )}
        {finished && (
          <button type="button" className="button small" onClick={onRemove}>
            {t`Remove`}
          </button>
        )}
      </div>
      {open && hasFailures && <ServerTaskFailures id={listId} taskId={task.id} version={task.updated_at} />}
    </li>
  );
}
