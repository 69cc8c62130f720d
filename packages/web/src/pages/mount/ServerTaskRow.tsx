/**
 * One of the server's tasks in the task manager: what it reads and writes, progress, counts, and
 * cancel, retry or remove; its details (read on demand, see ServerTaskDetails.tsx) name the items it
 * skipped and failed, with why.
 */
import type { Task } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ServerTaskDetails } from './ServerTaskDetails.tsx';
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
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li className="task" data-task-kind={task.type} data-task-id={task.id} data-status={task.status}>
      <div className="task-line">
        <strong>{text.type(task.type)}</strong>
        {/* A task with a target shows its route below; one without (a delete) names what it removes. */}
        <span className="task-name">{task.current_file ?? (task.target ? '' : (task.source ?? ''))}</span>
        <span className={`badge task-status ${task.status}`}>{text.status(task.status)}</span>
      </div>
      {task.source && task.target && (
        <div className="task-line task-route muted">
          <span className="task-path">{task.source}</span>
          <span aria-hidden="true">→</span>
          <span className="task-path">{task.target}</span>
        </div>
      )}
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
        <button
          type="button"
          className="button small"
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          onClick={() => setOpen(!open)}
        >
          {open ? t`Hide details` : t`Details`}
        </button>
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
      {open && <ServerTaskDetails id={detailsId} task={task} />}
    </li>
  );
}
