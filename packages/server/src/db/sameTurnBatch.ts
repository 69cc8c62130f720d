/**
 * Group commit: calls made in one event-loop turn are handed together to one `flush`, which runs them
 * as one transaction (one WAL commit on SQLite, one round trip on Postgres) and answers each on its
 * own. The flush runs in the turn's check phase (`setImmediate`), after the poll phase has read every
 * request that was waiting, so a lone call waits for nothing but the rest of its own turn. Each caller's
 * promise settles only after the flush that carried it has finished (for a write: has committed).
 */

/** One call's outcome inside a flush: a value, or the error that call alone failed with. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export const settledValue = <T>(value: T): Settled<T> => ({ ok: true, value });
export const settledError = <T>(error: unknown): Settled<T> => ({ ok: false, error });

/**
 * Runs `work` and keeps its outcome, so one call's failure stays that call's: only errors `isolated`
 * accepts (those that undid nothing but that call's own work); any other error fails the whole flush.
 */
export function settle<T>(work: () => T, isolated: (error: unknown) => boolean): Settled<T> {
  try {
    return settledValue(work());
  } catch (error) {
    if (!isolated(error)) throw error;
    return settledError(error);
  }
}

/**
 * Answers a function that queues its argument and resolves with that item's outcome from `flush`,
 * which receives the items of one turn in arrival order and answers one outcome per item, in order.
 * A flush that throws fails every call it carried.
 *
 * `oneAtATime`: while a flush is under way the next calls wait and go together in the next one, as a
 * database's own group commit does. For a flush that waits on another process (a Postgres round trip)
 * on rows every flush touches (a share's view count, the day's tally): flushes of one process would
 * only queue on those rows' locks, while waiting they make one larger group.
 */
export function sameTurnBatch<I, O>(
  flush: (items: I[]) => Settled<O>[] | Promise<Settled<O>[]>,
  options: { oneAtATime?: boolean } = {},
): (item: I) => Promise<O> {
  let items: I[] = [];
  let waiters: { resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  let scheduled = false;
  let running = false;

  async function run(): Promise<void> {
    scheduled = false;
    const batch = items;
    const waiting = waiters;
    items = [];
    waiters = [];
    running = true;
    try {
      await deliver(batch, waiting);
    } finally {
      running = false;
      if (items.length > 0 && !scheduled) schedule();
    }
  }

  async function deliver(batch: I[], waiting: typeof waiters): Promise<void> {
    let outcomes: Settled<O>[];
    try {
      outcomes = await flush(batch);
      if (outcomes.length !== batch.length) throw new Error('a flush answered the wrong number of outcomes');
    } catch (error) {
      for (const w of waiting) w.reject(error);
      return;
    }
    for (let i = 0; i < waiting.length; i++) {
      const outcome = outcomes[i];
      if (outcome.ok) waiting[i].resolve(outcome.value);
      else waiting[i].reject(outcome.error);
    }
  }

  function schedule(): void {
    scheduled = true;
    setImmediate(run);
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      items.push(item);
      waiters.push({ resolve, reject });
      if (!scheduled && !(options.oneAtATime && running)) schedule();
    });
}
