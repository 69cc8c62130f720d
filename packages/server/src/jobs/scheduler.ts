/**
 * A small periodic runner for background steps (sweeps). Each job runs, then waits its interval before the
 * next run, so a slow run never overlaps itself. Errors are logged, never thrown; interval 0 disables a job.
 */
import type { Logger } from 'pino';
import { systemClock, type TimerClock } from '../clock.ts';

export interface Scheduler {
  /** Runs `fn` every `intervalMs` (first run after one interval). 0 or less: the job is not started. */
  start(name: string, intervalMs: number, fn: () => Promise<unknown>): void;
  /** Stops every job and waits for runs in progress to finish. */
  stopAll(): Promise<void>;
  /** Names of the jobs started and not stopped. */
  running(): string[];
}

interface Job {
  /** Cancels the pending run's timer. */
  cancel: (() => void) | null;
  inFlight: Promise<void> | null;
}

export function createScheduler(logger: Pick<Logger, 'error'>, clock: TimerClock = systemClock): Scheduler {
  const jobs = new Map<string, Job>();
  let stopped = false;

  return {
    start(name, intervalMs, fn) {
      if (!(intervalMs > 0) || stopped) return;
      if (jobs.has(name)) throw new Error(`job "${name}" is already scheduled`);
      const job: Job = { cancel: null, inFlight: null };
      jobs.set(name, job);
      const schedule = () => {
        // The clock's timers never keep the process alive on their own.
        job.cancel = clock.after(intervalMs, () => {
          job.cancel = null;
          job.inFlight = (async () => {
            try {
              await fn();
            } catch (err) {
              logger.error({ err, job: name }, 'background job failed');
            }
          })().finally(() => {
            job.inFlight = null;
            if (jobs.get(name) === job) schedule();
          });
        });
      };
      schedule();
    },

    async stopAll() {
      stopped = true;
      const pending: Promise<void>[] = [];
      for (const job of jobs.values()) {
        job.cancel?.();
        if (job.inFlight) pending.push(job.inFlight);
      }
      jobs.clear();
      await Promise.all(pending);
    },

    running() {
      return [...jobs.keys()];
    },
  };
}
