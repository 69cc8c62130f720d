import * as assert from 'uvu/assert';
import type { ClipRun } from './runClip.ts';

/** Asserts success and answers stdout; shows stderr in the failure message otherwise. */
export function succeeded(run: ClipRun): string {
  assert.is(run.code, 0, `clip failed (${run.code}): ${run.stderr}`);
  return run.stdout;
}

/** Asserts a failure explained in exactly one `clip: ...` line on stderr, with nothing on stdout. */
export function failedWith(run: ClipRun, reason: RegExp): void {
  assert.ok(run.code !== 0, `expected a failure, got exit 0 with stdout ${JSON.stringify(run.stdout)}`);
  assert.is(run.stdout, '');
  const lines = run.stderr.split('\n').filter(Boolean);
  assert.is(lines.length, 1, `expected one line on stderr, got ${JSON.stringify(run.stderr)}`);
  assert.match(lines[0], /^clip: /);
  assert.match(lines[0], reason);
}
