// `npm ci` into a pipe prints no raw escape codes (issue 33 item 17): the build steps of `prepare`
// get NO_COLOR there (picocolors colours whenever CI is set), keep colour on a terminal or when forced.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error: a plain .mjs build script without declarations
import { plainOutputEnv } from '../../bin/lib/plainOutput.mjs';
import { ROOT } from './pack.ts';

test('into a pipe the steps are asked for plain text; on a terminal or when forced they keep colour', () => {
  assert.is(plainOutputEnv({ CI: 'true' }, false).NO_COLOR, '1');
  assert.is(plainOutputEnv({ CI: 'true' }, true).NO_COLOR, undefined);
  assert.is(plainOutputEnv({ CI: 'true', FORCE_COLOR: '1' }, false).NO_COLOR, undefined);
});

test('a step that colours under CI prints no escape code into a pipe', () => {
  // What vite and rolldown use, run as prepare runs its steps.
  const script = `import pc from 'picocolors'; console.log(pc.green('built'));`;
  const colourful = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, CI: 'true', NO_COLOR: undefined, FORCE_COLOR: undefined },
    encoding: 'utf8',
  });
  assert.ok(colourful.stdout.includes('\u001b['), 'picocolors colours under CI even into a pipe');
  const plain = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: plainOutputEnv({ ...process.env, CI: 'true', NO_COLOR: undefined, FORCE_COLOR: undefined }, false),
    encoding: 'utf8',
  });
  assert.is(plain.stdout, 'built\n');
});

test('the root prepare script runs its steps through bin/prepare.mjs', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  assert.is(pkg.scripts.prepare, 'node bin/prepare.mjs');
});

test.run();
