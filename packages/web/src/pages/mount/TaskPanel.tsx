/**
 * The task manager: the server's tasks (copy, delete, ...) polled while the panel is open, and the
 * browser's own transfers (transferStore.ts, kept across reloads), with progress, cancel, retry,
 * remove and clear finished.
 */

import type { Task } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { useFeedback } from '../admin/shared/feedback.ts';
import { retryClientCopy } from './clientCopy.ts';
import { ServerTaskRow } from './ServerTaskRow.tsx';
import { TransferRow } from './TransferRow.tsx';
import { cancelTransfer, clearFinishedTransfers, removeTransfer, transfers } from './transferStore.ts';

const POLL_MS = 1500;

export function TaskPanel({
  onClose,
  refreshKey,
  onCopied,
}: {
  onClose(): void;
  refreshKey: number;
  /** A retried client-side copy ended (the folder on screen may have changed). */
  onCopied(): void;
}) {
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

  async function act(what: () => Promise<unknown>, failure: string) {
    try {
      await what();
      await load();
    } catch (err) {
      feedback.fail(failure, err);
    }
  }

  const onCopiedRef = useRef(onCopied);
  onCopiedRef.current = onCopied;
  const retryTransfer = useCallback(
    (id: string) => void retryClientCopy(client, id, () => onCopiedRef.current()),
    [client],
  );

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
          <TransferRow
            key={x.id}
            transfer={x}
            onCancel={cancelTransfer}
            onRetry={retryTransfer}
            onRemove={removeTransfer}
          />
        ))}
        {tasks?.map((task) => (
          <ServerTaskRow
            key={task.id}
            task={task}
            onCancel={() => void act(() => api.cancel(task.id), t`Could not cancel the task`)}
            onRetry={() => void act(() => api.retry(task.id), t`Could not retry the task`)}
            onRemove={() => void act(() => api.remove(task.id), t`Could not remove the task`)}
          />
        ))}
      </ul>
    </aside>
  );
}
