/**
 * Health checks that arrive together share one database round trip. A check never joins a probe that
 * is already running (it started before the check arrived): it joins the next one, which starts once
 * the event loop has read the requests that came in with it (`setImmediate`) and no probe is running.
 * So every answer still reflects a round trip begun after its request came in, at most one probe is in
 * flight, and 50 concurrent checks cost a few probes instead of 50 (ADR 0024).
 */
export function sharedProbe(probe: () => Promise<unknown>): () => Promise<void> {
  /** The probe in flight, if any. */
  let running: Promise<unknown> | null = null;
  /** The probe that has not started yet, which arriving checks join. */
  let next: Promise<void> | null = null;

  function start(): Promise<void> {
    next = null;
    const current = probe().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current.then(() => undefined);
  }

  return function check() {
    if (next) return next;
    const ready = running
      ? running.then(
          () => undefined,
          () => undefined,
        )
      : new Promise<void>((resolve) => setImmediate(resolve));
    next = ready.then(start);
    return next;
  };
}
