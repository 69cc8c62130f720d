/**
 * What one server task did: what it read and wrote, and the items it skipped and failed with why (the
 * first 100 of each, as the server names them; the task's counts say how many more). Read only when the
 * user opens the details, and read again whenever the task changes (a retry ends).
 */
import type { Task, TaskItemResult } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';

export function ServerTaskDetails({ id, task }: { id: string; task: Task }) {
  const { t } = useLingui();
  const { client } = useServices();
  const [detail, setDetail] = useState<Task | null>(null);
  const [broken, setBroken] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: updated_at asks for a new read when the task changed.
  useEffect(() => {
    let live = true;
    client.tasks.get(task.id).then(
      (read) => {
        if (!live) return;
        setDetail(read);
        setBroken(false);
      },
      () => live && setBroken(true),
    );
    return () => {
      live = false;
    };
  }, [client, task.id, task.updated_at]);

  if (broken) return <p className="task-details" id={id}>{t`The task's details could not be loaded.`}</p>;
  if (!detail) return <p className="task-line muted" id={id}>{t`Loading details…`}</p>;
  return (
    <div className="task-details" id={id}>
      <dl className="task-paths">
        {detail.source && (
          <>
            <dt>{t`From`}</dt>
            <dd>
              <code>{detail.source}</code>
            </dd>
          </>
        )}
        {detail.target && (
          <>
            <dt>{t`To`}</dt>
            <dd>
              <code>{detail.target}</code>
            </dd>
          </>
        )}
      </dl>
      <ItemList
        label={t`Skipped items`}
        items={detail.skipped_items ?? []}
        count={detail.skipped}
        mark="skipped"
      />
      <ItemList
        label={t`Failed items`}
        items={detail.failed_items ?? []}
        count={detail.failed}
        mark="failed"
      />
      {detail.skipped === 0 && detail.failed === 0 && (
        <p className="task-line muted">{t`Nothing was skipped and nothing failed.`}</p>
      )}
    </div>
  );
}

/** Named items with why, then how many more the task counted. */
function ItemList({
  label,
  items,
  count,
  mark,
}: {
  label: string;
  items: TaskItemResult[];
  count: number;
  mark: 'skipped' | 'failed';
}) {
  const { t } = useLingui();
  if (count === 0) return null;
  const more = count - items.length;
  return (
    <section className={`task-items ${mark}`} aria-label={label}>
      <h3>{`${label} (${count})`}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.index} {...{ [`data-${mark}`]: item.path }}>
            <code>{item.path}</code>: {item.error ?? t`no reason given`}
          </li>
        ))}
        {more > 0 && <li>{t`and ${more} more`}</li>}
      </ul>
    </section>
  );
}
