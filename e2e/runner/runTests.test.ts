/**
 * The test gate itself: run-tests.mjs over the fixture files in __fixtures__, checking that passed,
 * failed and skipped are counted apart, that a .only, a forgotten .run(), a failing hook and a false
 * database declaration fail the run, and that a missing Chromium is named on the final line.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../..', import.meta.url));

function runRunner(files: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string; last: string }>((resolve) => {
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      CLIP_TEST_ROOTS: 'e2e/runner/__fixtures__',
      ...env,
    };
    delete childEnv.CI;
    delete childEnv.CLIP_TEST_REPORT;
    delete childEnv.CLIP_TEST_DB;
    const child = spawn(process.execPath, ['e2e/run-tests.mjs', ...files], {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const lines = output.trim().split('\n');
      resolve({ code, output, last: lines[lines.length - 1] });
    });
  });
}

test('skipped tests never cancel another file’s failure', async () => {
  const run = await runRunner(['/skips.test.ts', '/fails.test.ts']);
  assert.is(run.last, '3 passed, 1 failed, 3 skipped', run.output);
  assert.is(run.code, 1);
});

test('a .only left in a file fails the run', async () => {
  const run = await runRunner(['/only.test.ts']);
  assert.is(run.last, '1 passed, 1 failed, 1 skipped', run.output);
  assert.match(run.output, /\.only left in suite/);
  assert.is(run.code, 1);
});

test('a suite that is never run counts its tests as failed', async () => {
  const run = await runRunner(['/forgotten.test.ts']);
  assert.is(run.last, '1 passed, 2 failed, 0 skipped', run.output);
  assert.match(run.output, /registered but never run \(suite "forgotten"/);
  assert.is(run.code, 1);
});

test('a before hook that throws fails its suite and names its error', async () => {
  const run = await runRunner(['/hookFails.test.ts']);
  assert.is(run.last, '0 passed, 2 failed, 0 skipped', run.output);
  assert.match(run.output, /before hook of suite "\(default suite 1\)" failed: no database today/);
  assert.is(run.code, 1);
});

test('a browser suite without Chromium is skipped loudly, with its tests counted', async () => {
  const run = await runRunner(['/noChromium.test.ts', '/skips.test.ts'], {
    CLIP_CHROMIUM_PATH: '/nonexistent/chromium',
  });
  assert.is(run.last, '2 passed, 0 failed, 5 skipped (Chromium missing)', run.output);
  assert.match(
    run.output,
    /noChromium\.test\.ts \[sqlite\] {2}0 passed, 0 failed, 2 skipped \(Chromium missing\)/,
  );
  assert.is(run.code, 0);
});

test('a declared suite runs once per database it names', async () => {
  const run = await runRunner(['/declared.test.ts']);
  assert.is(run.last, '2 passed, 0 failed, 0 skipped', run.output);
  assert.match(run.output, /declared\.test\.ts \[sqlite\]/);
  assert.match(run.output, /declared\.test\.ts \[postgres\]/);
  assert.is(run.code, 0);
});

test('a suite that opens a database without declaring it, or declares one it never opens, fails', async () => {
  const undeclared = await runRunner(['/undeclared.test.ts']);
  assert.is(undeclared.last, '1 passed, 1 failed, 0 skipped', undeclared.output);
  assert.match(undeclared.output, /declares no databases/);
  const lying = await runRunner(['/lying.test.ts']);
  assert.is(lying.last, '2 passed, 1 failed, 0 skipped', lying.output);
  assert.match(lying.output, /opened no Postgres test database/);
  assert.is(lying.code, 1);
});

test.run();
