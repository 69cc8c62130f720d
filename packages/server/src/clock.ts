/**
 * Time as the server sees it. Everything whose outcome depends on the time (share and key expiry, view
 * links, sessions, rate-limit windows, sweeps, task leases, scheduled jobs) reads it from one injected
 * clock, so a test can move time by hand instead of waiting for it. Production uses `systemClock`.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** A clock that can also run a callback later, by its own time (the scheduler's timers). */
export interface TimerClock extends Clock {
  /** Runs `fn` once, `ms` from now; answers a function that cancels it. Never keeps the process alive. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: TimerClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface ManualClock extends TimerClock {
  /** Moves time forward, running (in due order) every callback that falls due on the way. */
  advance(ms: number): void;
  set(ms: number): void;
  /** How many callbacks wait to fall due (a test waits for a job to be rescheduled before moving on). */
  pending(): number;
}

/** A clock tests move by hand; its timers fire only when `advance` reaches them. */
export function manualClock(start = Date.now()): ManualClock {
  let t = start;
  let nextId = 0;
  const timers = new Map<number, { due: number; fn: () => void }>();
  const runDue = () => {
    for (;;) {
      let first: [number, { due: number; fn: () => void }] | undefined;
      for (const entry of timers)
        if (entry[1].due <= t && (!first || entry[1].due < first[1].due)) first = entry;
      if (!first) return;
      timers.delete(first[0]);
      first[1].fn();
    }
  };
  return {
    now: () => t,
    after(ms, fn) {
      const id = nextId++;
      timers.set(id, { due: t + Math.max(0, ms), fn });
      return () => void timers.delete(id);
    },
    advance(ms) {
      t += ms;
      runDue();
    },
    set(ms) {
      t = ms;
      runDue();
    },
    pending: () => timers.size,
  };
}

export interface OffsetClock extends TimerClock {
  /** Jumps the clock forward (its timers keep real-time delays). */
  advance(ms: number): void;
}

/**
 * Real time plus an offset a test moves forward: for a whole server under test, where records made one
 * after another should keep distinct, ordered times, yet an expiry must arrive without waiting for it.
 */
export function offsetClock(startAt?: number): OffsetClock {
  // `startAt`: the time the clock shows now (a test that counts per day starts far from midnight).
  let offset = startAt === undefined ? 0 : startAt - Date.now();
  return {
    now: () => Date.now() + offset,
    after: systemClock.after,
    advance(ms) {
      offset += ms;
    },
  };
}
