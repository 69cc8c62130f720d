/**
 * The failed items of one server task (path and reason), read from the task's per-item results only
 * when the user opens the list, and read again whenever the task changes (a retry ends).
 */
import type { TaskItemResult } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';

/** Enough to see what went wrong; the rest is summed up in one line. */
const SHOWN = 100;

export function ServerTaskFailures({ id, taskId, version }: { id: string; taskId: string; version: string }) {
  const { t } = useLingui();
  const { client } = useServices();
  const [failures, setFailures] = useState<TaskItemResult[] | null>(null);
  const [broken, setBroken] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a new read when the task changed.
  useEffect(() => {
    let live = true;
    client.tasks.get(taskId).then(
      (task) => {
        if (!live) return;
        setFailures((task.results ?? []).filter((r) => r.status === 'failed'));
        setBroken(false);
      },
      () => live && setBroken(true),
    );
    return () => {
      live = false;
    };
  }, [client, taskId, version]);

  if (broken) return <p className="task-failures" id={id}>{t`The failed items could not be loaded.`}</p>;
  if (!failures) return <p className="task-line muted" id={id}>{t`Loading failed items…`}</p>;
  const more = failures.length - SHOWN;
  return (
    <ul className="task-failures" id={id} aria-label={t`Failed items`}>
      {failures.slice(0, SHOWN).map((f) => (
        <li key={f.index} data-failed={f.path}>
          <code>{f.path}</code>: {f.error ?? t`Unknown error`}
        </li>
      ))}
      {more > 0 && <li>{t`and ${more} more`}</li>}
    </ul>
  );
}
