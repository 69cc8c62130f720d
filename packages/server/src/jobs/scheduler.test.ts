// The scheduler on a manual clock: its timers fire only when the test moves time, so nothing here waits
// for real time (conditions are awaited by turning the event loop, never by sleeping).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { manualClock } from '../clock.ts';
import { createScheduler } from './scheduler.ts';

/** Turns the event loop until `cond` holds (a job's async run settles within a few turns). */
async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (cond()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never happened: ${what}`);
}
const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

function recordingLogger() {
  const errors: { obj: Record<string, unknown>; msg: string }[] = [];
  return { errors, error: (obj: Record<string, unknown>, msg: string) => errors.push({ obj, msg }) };
}

test('runs a job once per interval (first after one interval) until stopped', async () => {
  const clock = manualClock(0);
  const scheduler = createScheduler(recordingLogger() as never, clock);
  let runs = 0;
  scheduler.start('count', 20, async () => {
    runs++;
  });
  assert.equal(scheduler.running(), ['count']);
  clock.advance(19);
  await turns();
  assert.is(runs, 0, 'not before one interval');
  for (let i = 1; i <= 3; i++) {
    clock.advance(i === 1 ? 1 : 20);
    await until(() => runs === i && clock.pending() === 1, `run ${i} done and the next one scheduled`);
  }
  await scheduler.stopAll();
  clock.advance(1000);
  await turns();
  assert.is(runs, 3, 'nothing runs after stopAll');
  assert.equal(scheduler.running(), []);
});

test('an interval of 0 disables the job', async () => {
  const clock = manualClock(0);
  const scheduler = createScheduler(recordingLogger() as never, clock);
  let runs = 0;
  scheduler.start('off', 0, async () => {
    runs++;
  });
  clock.advance(10_000);
  await turns();
  assert.is(runs, 0);
  assert.equal(scheduler.running(), []);
  await scheduler.stopAll();
});

test('a failing run is logged, not thrown, and the job keeps its schedule', async () => {
  const clock = manualClock(0);
  const logger = recordingLogger();
  const scheduler = createScheduler(logger as never, clock);
  let runs = 0;
  scheduler.start('flaky', 15, async () => {
    runs++;
    throw new Error(`boom ${runs}`);
  });
  clock.advance(15);
  await until(() => logger.errors.length === 1 && clock.pending() === 1, 'first failure logged');
  clock.advance(15);
  await until(() => logger.errors.length === 2, 'second failure logged');
  await scheduler.stopAll();
  assert.is(runs, 2);
  assert.is(logger.errors[0].obj.job, 'flaky');
  assert.match(String((logger.errors[0].obj.err as Error).message), /boom 1/);
  assert.match(String((logger.errors[1].obj.err as Error).message), /boom 2/);
});

test('runs never overlap, the next interval starts after a run ends, and stopAll waits for it', async () => {
  const clock = manualClock(0);
  const scheduler = createScheduler(recordingLogger() as never, clock);
  let active = 0;
  let started = 0;
  let finished = 0;
  let release: () => void = () => {};
  scheduler.start('slow', 5, async () => {
    active++;
    started++;
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    active--;
    finished++;
  });
  clock.advance(5);
  await until(() => started === 1, 'first run started');
  // Time passing during a run starts nothing: the next run is scheduled only when this one ends.
  clock.advance(100);
  await turns();
  assert.equal([started, active, clock.pending()], [1, 1, 0]);
  release();
  await until(() => finished === 1 && clock.pending() === 1, 'first run finished and the next scheduled');
  clock.advance(4);
  await turns();
  assert.is(started, 1, 'a full interval after the run ended, not before');
  clock.advance(1);
  await until(() => started === 2, 'second run started');
  let stopped = false;
  const stopping = scheduler.stopAll().then(() => {
    stopped = true;
  });
  await turns();
  assert.is(stopped, false, 'stopAll waits for the run in progress');
  release();
  await stopping;
  assert.equal([active, finished], [0, 2]);
});

test('the same name cannot be scheduled twice; nothing starts after stopAll', async () => {
  const clock = manualClock(0);
  const scheduler = createScheduler(recordingLogger() as never, clock);
  scheduler.start('once', 1000, async () => {});
  assert.throws(() => scheduler.start('once', 1000, async () => {}), /already scheduled/);
  await scheduler.stopAll();
  let runs = 0;
  scheduler.start('late', 5, async () => {
    runs++;
  });
  clock.advance(100);
  await turns();
  assert.is(runs, 0);
  assert.equal(scheduler.running(), []);
});

test.run();
