import { sameTurnBatch, settledValue } from '../../db/sameTurnBatch.ts';

/**
 * Health checks that arrive together share one database round trip: the same-turn group of
 * db/sameTurnBatch.ts, one group at a time. A check never joins a probe that is already running (it
 * started before the check arrived): it joins the next group, which starts once the event loop has read
 * the requests that came in with it and no probe is running. So every answer still reflects a round
 * trip begun after its request came in, at most one probe is in flight, and 50 concurrent checks cost a
 * few probes instead of 50 (ADR 0024).
 */
export function sharedProbe(probe: () => Promise<unknown>): () => Promise<void> {
  const join = sameTurnBatch<null, void>(
    async (checks) => {
      await probe();
      return checks.map(() => settledValue(undefined));
    },
    { oneAtATime: true },
  );
  return () => join(null);
}
