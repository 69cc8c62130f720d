import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chooseMode } from './plan.ts';
import { ProgressReporter } from './progress.ts';
import type { UploadProgress } from './types.ts';

function clocked() {
  let now = 0;
  const events: UploadProgress[] = [];
  const reporter = new ProgressReporter(
    (p) => events.push(p),
    () => now,
  );
  return { reporter, events, tick: (ms: number) => (now += ms) };
}

test('bytes taken back after a failed attempt never make progress go backwards', () => {
  const { reporter, events, tick } = clocked();
  reporter.phase('uploading', 1000);
  tick(200);
  reporter.add(600);
  tick(200);
  reporter.add(-600); // the attempt failed: its bytes are taken back
  tick(200);
  reporter.add(300);
  assert.equal(
    events.map((e) => [e.loaded, e.percent]),
    [
      [0, 0],
      [600, 59],
      [600, 59],
      [600, 59],
    ],
  );
  tick(200);
  reporter.add(700);
  reporter.stage('completed');
  assert.equal(events.at(-1), {
    stage: 'completed',
    mode: null,
    loaded: 1000,
    total: 1000,
    percent: 100,
    speed: events.at(-1)!.speed,
  });
});

test('percent stays below 100 until completed, and maps a phase onto its range', () => {
  const { reporter, events, tick } = clocked();
  reporter.phase('downloading', 100, { from: 0, to: 49 });
  tick(150);
  reporter.add(100);
  assert.is(events.at(-1)?.percent, 49);
  reporter.phase('uploading', 100, { from: 50, to: 99 });
  assert.is(events.at(-1)?.percent, 50, 'the upload phase starts at its range');
  tick(150);
  reporter.add(50);
  assert.is(events.at(-1)?.percent, 74);
  tick(150);
  reporter.add(50);
  assert.is(events.at(-1)?.percent, 99);
  reporter.stage('completed');
  assert.is(events.at(-1)?.percent, 100);
});

test('speed is bytes per second over the recent window; events are throttled to one per 100 ms', () => {
  const { reporter, events, tick } = clocked();
  reporter.phase('uploading', 10_000);
  for (let i = 0; i < 10; i++) {
    tick(50);
    reporter.add(500);
  }
  // 10 adds over 500 ms, but only those 100 ms apart were emitted.
  assert.ok(events.length <= 7, `${events.length} events`);
  assert.is(Math.round(events.at(-1)!.speed), 10_000);
});

test('mode: direct without presign, multipart above the threshold, presigned below it', () => {
  const s3 = { presign: true, multipart: true };
  assert.is(chooseMode(500, { presign: false, multipart: false }, 100), 'direct');
  assert.is(chooseMode(500, s3, 100), 'multipart');
  assert.is(chooseMode(100, s3, 100), 'presigned');
  assert.is(chooseMode(500, { presign: true, multipart: false }, 100), 'presigned');
});

test.run();
