// The collection after start (ADR 0084) gives the heap's garbage back when the launcher's --expose-gc
// is there, and is a no-op without it (the source run, tests).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const MODULE = fileURLToPath(new URL('./startupGarbage.ts', import.meta.url));
/** Leaves ~40 MB of garbage in the old generation, runs the collection, prints the heap before and after. */
const SCRIPT = `
const { releaseStartupGarbage } = await import(${JSON.stringify(MODULE)});
const v8 = await import('node:v8');
let kept = [];
for (let i = 0; i < 400; i++) kept.push(new Array(10_000).fill(i).map(String));
kept = null;
const before = v8.getHeapStatistics().total_heap_size;
releaseStartupGarbage();
console.log(JSON.stringify({ before, after: v8.getHeapStatistics().total_heap_size }));
`;

function run(flags: string[]): { before: number; after: number } {
  const child = spawnSync(
    process.execPath,
    [...flags, '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
    {
      encoding: 'utf8',
    },
  );
  assert.is(child.status, 0, child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').pop() as string);
}

test('with --expose-gc the heap shrinks by the garbage', () => {
  const { before, after } = run(['--expose-gc']);
  assert.ok(before - after > 20 * 1024 * 1024, `heap ${before} -> ${after}`);
});

test('without it nothing is collected and nothing fails', () => {
  const { before, after } = run([]);
  assert.ok(Math.abs(before - after) < 1024 * 1024, `heap ${before} -> ${after}`);
});

test.run();
