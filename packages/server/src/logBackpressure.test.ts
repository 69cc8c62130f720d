// A log reader that falls behind (a stalled pipe) costs log lines, not the server's memory: stdout's
// queue stays under STDOUT_MAX_QUEUED_BYTES, the lines past it are dropped and counted, and once the
// reader catches up one warning says how many went. A child process logs ~24 MB into a pipe that this
// test does not read until the child says it is done.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STDOUT_MAX_QUEUED_BYTES } from './logging.ts';

const MODULE = fileURLToPath(new URL('./logging.ts', import.meta.url));
const LINES = 200_000;
/** Logs LINES lines of ~120 bytes in slices (the batching timer and writes run between them), reports
 * the most stdout ever queued on stderr, waits for the parent's go, then flushes. */
const SCRIPT = `
const { createLogger, flushLog } = await import(${JSON.stringify(MODULE)});
const log = createLogger('info', process.stdout);
let most = 0;
for (let i = 0; i < ${LINES}; i++) {
  log.info({ i, path: '/api/paste/abcdef' }, 'request');
  most = Math.max(most, process.stdout.writableLength);
  if (i % 2000 === 1999) await new Promise((r) => setImmediate(r));
}
process.stderr.write(JSON.stringify({ most }) + '\\n');
process.stdin.once('data', async () => {
  await flushLog();
  process.exit(0);
});
`;

test('a stalled stdout reader: the queue stays bounded, and the dropped lines are counted once it reads', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // A failed assertion must not leave the child waiting on its stdin.
  const stop = () => child.kill();
  process.once('exit', stop);
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  // Nothing is read from stdout until the child has logged every line.
  child.stdout.pause();
  while (!err.includes('"most"')) {
    const [code] = await Promise.race([once(child.stderr, 'data'), once(child, 'exit')]);
    if (typeof code === 'number' || code === null) assert.unreachable(`the child exited early: ${err}`);
  }
  const { most } = JSON.parse(err.trim().split('\n').pop() as string);
  assert.ok(most < STDOUT_MAX_QUEUED_BYTES + 64 * 1024, `stdout queued up to ${most} bytes`);

  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  child.stdout.resume();
  child.stdin.end('go');
  const [code] = await once(child, 'exit');
  assert.is(code, 0, err);

  const entries = out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const notices = entries.filter((e) => e.msg?.startsWith('log lines dropped'));
  assert.is(notices.length, 1, 'one warning once the reader caught up');
  assert.is(notices[0].level, 40);
  const kept = entries.filter((e) => e.msg === 'request');
  assert.ok(notices[0].dropped > 0, 'some lines were dropped');
  assert.is(kept.length + notices[0].dropped, LINES, 'every line is either written or counted');
  // What was kept is whole and in order.
  assert.equal(
    kept.map((e) => e.i),
    [...kept.map((e) => e.i)].sort((a, b) => a - b),
  );
});

test.run();
