import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createScheduler } from './scheduler.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLogger() {
  const errors: { obj: Record<string, unknown>; msg: string }[] = [];
  return { errors, error: (obj: Record<string, unknown>, msg: string) => errors.push({ obj, msg }) };
}

test('runs a job every interval until stopped', async () => {
  const scheduler = createScheduler(recordingLogger() as never);
  let runs = 0;
  scheduler.start('count', 20, async () => {
    runs++;
  });
  assert.equal(scheduler.running(), ['count']);
  await sleep(150);
  await scheduler.stopAll();
  assert.ok(runs >= 3, `ran ${runs} times`);
  const atStop = runs;
  await sleep(80);
  assert.is(runs, atStop);
  assert.equal(scheduler.running(), []);
});

test('an interval of 0 disables the job', async () => {
  const scheduler = createScheduler(recordingLogger() as never);
  let runs = 0;
  scheduler.start('off', 0, async () => {
    runs++;
  });
  await sleep(50);
  assert.is(runs, 0);
  assert.equal(scheduler.running(), []);
  await scheduler.stopAll();
});

test('a failing run is logged, not thrown, and the job keeps its schedule', async () => {
  const logger = recordingLogger();
  const scheduler = createScheduler(logger as never);
  let runs = 0;
  scheduler.start('flaky', 15, async () => {
    runs++;
    throw new Error(`boom ${runs}`);
  });
  await sleep(120);
  await scheduler.stopAll();
  assert.ok(runs >= 2, `ran ${runs} times`);
  assert.is(logger.errors.length, runs);
  assert.is(logger.errors[0].obj.job, 'flaky');
  assert.match(String((logger.errors[0].obj.err as Error).message), /boom 1/);
});

test('runs never overlap, and stopAll waits for the run in progress', async () => {
  const scheduler = createScheduler(recordingLogger() as never);
  let active = 0;
  let maxActive = 0;
  let finished = 0;
  scheduler.start('slow', 5, async () => {
    active++;
    maxActive = Math.max(maxActive, active);
    await sleep(40);
    active--;
    finished++;
  });
  await sleep(30);
  await scheduler.stopAll();
  // The run that had started is complete when stopAll resolves.
  assert.is(active, 0);
  assert.ok(finished >= 1);
  assert.is(maxActive, 1);
});

test('the same name cannot be scheduled twice; nothing starts after stopAll', async () => {
  const scheduler = createScheduler(recordingLogger() as never);
  scheduler.start('once', 1000, async () => {});
  assert.throws(() => scheduler.start('once', 1000, async () => {}), /already scheduled/);
  await scheduler.stopAll();
  let runs = 0;
  scheduler.start('late', 5, async () => {
    runs++;
  });
  await sleep(30);
  assert.is(runs, 0);
});

test.run();
