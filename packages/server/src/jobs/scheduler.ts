/**
 * A small periodic runner for background steps (sweeps). Each job runs, then waits its interval before the
 * next run, so a slow run never overlaps itself. Errors are logged, never thrown; interval 0 disables a job.
 */
import type { Logger } from 'pino';

export interface Scheduler {
  /** Runs `fn` every `intervalMs` (first run after one interval). 0 or less: the job is not started. */
  start(name: string, intervalMs: number, fn: () => Promise<unknown>): void;
  /** Stops every job and waits for runs in progress to finish. */
  stopAll(): Promise<void>;
  /** Names of the jobs started and not stopped. */
  running(): string[];
}

interface Job {
  timer: NodeJS.Timeout | null;
  inFlight: Promise<void> | null;
}

export function createScheduler(logger: Pick<Logger, 'error'>): Scheduler {
  const jobs = new Map<string, Job>();
  let stopped = false;

  return {
    start(name, intervalMs, fn) {
      if (!(intervalMs > 0) || stopped) return;
      if (jobs.has(name)) throw new Error(`job "${name}" is already scheduled`);
      const job: Job = { timer: null, inFlight: null };
      jobs.set(name, job);
      const schedule = () => {
        job.timer = setTimeout(() => {
          job.timer = null;
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
        }, intervalMs);
        // A pending sweep must not keep the process alive on its own.
        job.timer.unref();
      };
      schedule();
    },

    async stopAll() {
      stopped = true;
      const pending: Promise<void>[] = [];
      for (const job of jobs.values()) {
        if (job.timer) clearTimeout(job.timer);
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
