// The collection when the server falls quiet (ADR 0091): once after a load, never while busy, never
// again while it stays quiet; switched on (with --expose-gc) a real process gives the garbage back.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { QUIET_CPU_SHARE, quietCollector } from './quietGarbage.ts';

function counting() {
  let collections = 0;
  return { collector: quietCollector(() => collections++), collections: () => collections };
}

test('a quiet check after a busy one collects once', () => {
  const { collector, collections } = counting();
  assert.is(collector.check(1.6), false, 'both cores busy');
  assert.is(collector.check(0.5), false);
  assert.is(collections(), 0, 'nothing is collected while busy');
  assert.is(collector.check(0.001), true);
  assert.is(collections(), 1);
});

test('a server that stays quiet collects no more', () => {
  const { collector, collections } = counting();
  for (let i = 0; i < 10; i++) collector.check(0);
  assert.is(collections(), 0, 'never busy: nothing to give back');
  collector.check(0.8);
  for (let i = 0; i < 10; i++) collector.check(0);
  assert.is(collections(), 1, 'one load, one collection');
  collector.check(0.8);
  collector.check(0.01);
  assert.is(collections(), 2, 'the next load gets its own');
});

test('the threshold is the quiet line, inclusive', () => {
  const { collector, collections } = counting();
  collector.check(QUIET_CPU_SHARE + 0.001);
  collector.check(QUIET_CPU_SHARE);
  assert.is(collections(), 1);
});

const MODULE = fileURLToPath(new URL('./quietGarbage.ts', import.meta.url));
/**
 * Keeps the event loop busy for over a check while promoting ~40 MB that becomes garbage, then waits
 * (without a clock of its own: the checks are the module's) until the heap shrinks or 5 checks pass.
 */
const SCRIPT = `
const { collectWhenQuiet, QUIET_CHECK_MS } = await import(${JSON.stringify(MODULE)});
const v8 = await import('node:v8');
const stop = collectWhenQuiet({ CLIP_QUIET_GC: process.env.MODE });
let kept = [];
const until = Date.now() + QUIET_CHECK_MS * 1.5;
while (Date.now() < until) { kept.push(new Array(1000).fill(kept.length).map(String)); if (kept.length > 40) kept.shift(); }
for (let i = 0; i < 400; i++) kept.push(new Array(10_000).fill(i).map(String));
kept = null;
const before = v8.getHeapStatistics().total_heap_size;
let after = before;
for (let i = 0; i < 50 && before - after < 20 * 1024 * 1024; i++) {
  await new Promise((r) => setTimeout(r, QUIET_CHECK_MS / 10));
  after = v8.getHeapStatistics().total_heap_size;
}
stop();
console.log(JSON.stringify({ before, after }));
`;

function run(flags: string[], mode = ''): { before: number; after: number } {
  const child = spawnSync(
    process.execPath,
    [...flags, '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
    {
      encoding: 'utf8',
      env: { ...process.env, MODE: mode },
    },
  );
  assert.is(child.status, 0, child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').pop() as string);
}

test('switched on, the heap shrinks once the process falls quiet', () => {
  const { before, after } = run(['--expose-gc'], '1');
  assert.ok(before - after > 20 * 1024 * 1024, `heap ${before} -> ${after}`);
});

test('without CLIP_QUIET_GC=1 the heap stays as it was', () => {
  const { before, after } = run(['--expose-gc'], '');
  assert.ok(before - after < 20 * 1024 * 1024, `heap ${before} -> ${after}`);
});

test.run();
