/**
 * The task manager: the server's tasks (copy, delete, ...) polled while the panel is open, and the
 * browser's own uploads (transfers.ts, kept across reloads), with progress, cancel, retry and clear.
 */

import type { Task } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { useFeedback } from '../admin/shared/feedback.ts';
import { formatBytes } from '../admin/shared/format.ts';
import { cancelTransfer, clearFinishedTransfers, transfers } from './transfers.ts';

const POLL_MS = 1500;
const FINISHED = new Set(['completed', 'partial', 'failed', 'cancelled', 'interrupted']);

export function TaskPanel({ onClose, refreshKey }: { onClose(): void; refreshKey: number }) {
  useSignals();
  const { t } = useLingui();
  const { client } = useServices();
  const feedback = useFeedback();
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(
    () =>
      client.tasks.list({ limit: 50 }).then(
        (list) => {
          setTasks(list.items);
          setFailed(false);
        },
        () => setFailed(true),
      ),
    [client],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks for a new read now.
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [load, refreshKey]);

  const statusText = (s: string) =>
    ({
      pending: t`Pending`,
      running: t`Running`,
      completed: t`Completed`,
      partial: t`Partly completed`,
      failed: t`Failed`,
      cancelled: t`Cancelled`,
      interrupted: t`Interrupted`,
    })[s] ?? s;
  const typeText = (s: string) =>
    ({ copy: t`Copy`, upload: t`Upload`, delete: t`Delete`, download: t`Download` })[s] ?? s;

  async function act(what: () => Promise<unknown>, failure: string) {
    try {
      await what();
      await load();
    } catch (err) {
      feedback.fail(failure, err);
    }
  }

  const api = client.tasks;
  const local = [...transfers.value].reverse();
  return (
    <aside className="task-panel panel" aria-label={t`Task manager`} data-testid="task-panel">
      <div className="panel-head">
        <h2>{t`Task manager`}</h2>
        <span className="spacer" />
        <button
          type="button"
          className="button small"
          onClick={() => {
            clearFinishedTransfers();
            void act(() => api.clear(), t`Could not clear finished tasks`);
          }}
        >
          {t`Clear finished`}
        </button>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t`Close task manager`}>
          ✕
        </button>
      </div>
      {failed && <p className="muted">{t`Server tasks could not be loaded.`}</p>}
      {tasks?.length === 0 && local.length === 0 && <p className="muted">{t`No tasks.`}</p>}
      <ul className="task-list">
        {local.map((x) => (
          <li key={x.id} className="task" data-task-kind="upload" data-status={x.status}>
            <div className="task-line">
              <strong>{typeText('upload')}</strong> <span className="task-name">{x.name}</span>
              <span className={`badge task-status ${x.status}`}>{statusText(x.status)}</span>
            </div>
            <progress max={x.size || 1} value={x.loaded} aria-label={t`Progress of ${x.name}`} />
            <div className="task-line muted">
              {formatBytes(x.loaded)} / {formatBytes(x.size)}
              {x.status === 'running' && x.speed > 0 && ` · ${formatBytes(x.speed)}/s`}
              {x.error && ` · ${x.error}`}
              {x.status === 'interrupted' && ` · ${t`Upload the same file to this folder again to resume.`}`}
              <span className="spacer" />
              {(x.status === 'running' || x.status === 'pending') && (
                <button type="button" className="button small" onClick={() => cancelTransfer(x.id)}>
                  {t`Cancel`}
                </button>
              )}
            </div>
          </li>
        ))}
        {tasks?.map((task) => (
          <li key={task.id} className="task" data-task-kind={task.type} data-status={task.status}>
            <div className="task-line">
              <strong>{typeText(task.type)}</strong>
              <span className="task-name">{task.current_file ?? ''}</span>
              <span className={`badge task-status ${task.status}`}>{statusText(task.status)}</span>
            </div>
            <progress max={100} value={task.progress ?? 0} aria-label={t`Progress`} />
            <div className="task-line muted">
              {t`${task.success ?? 0} done, ${task.skipped ?? 0} skipped, ${task.failed ?? 0} failed of ${task.total ?? 0}`}
              {task.error && ` · ${task.error}`}
              <span className="spacer" />
              {!FINISHED.has(task.status) && (
                <button
                  type="button"
                  className="button small"
                  onClick={() => void act(() => api.cancel(task.id), t`Could not cancel the task`)}
                >
                  {t`Cancel`}
                </button>
              )}
              {(task.status === 'failed' || task.status === 'partial') && (task.failed ?? 1) > 0 && (
                <button
                  type="button"
                  className="button small"
                  onClick={() => void act(() => api.retry(task.id), t`Could not retry the task`)}
                >
                  {t`Retry failed`}
                </button>
              )}
              {FINISHED.has(task.status) && (
                <button
                  type="button"
                  className="button small"
                  onClick={() => void act(() => api.remove(task.id), t`Could not remove the task`)}
                >
                  {t`Remove`}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
