// Password checks leave no memory behind in the server `npm start` runs (ADR 0033). scrypt (N=16384,
// r=8) allocates 16 MiB in a libuv thread; by default glibc raises its mmap threshold past that size when
// the first such block is freed, and from then on each thread that runs a check keeps 16 MiB resident in
// its malloc arena (4 threads: +64 MiB). bin/clip-server holds the thresholds; the checks run under them.
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PARAMS } from './passwords.ts';

const LAUNCHER = fileURLToPath(new URL('../../../../bin/clip-server', import.meta.url));
const MIB = 1024 * 1024;
const glibc =
  process.platform === 'linux' &&
  Boolean(
    (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime,
  );

/** Runs parallel scrypt checks on every libuv thread and prints how much the RSS grew after the first. */
const CHECKS = `
const { scrypt } = require('node:crypto');
const params = ${JSON.stringify(PARAMS)};
const one = () => new Promise((ok, fail) => scrypt('pw', 'salt', 32, params, (e, k) => (e ? fail(e) : ok(k))));
(async () => {
  await one();
  const before = process.memoryUsage().rss;
  for (let i = 0; i < 3; i++) await Promise.all([one(), one(), one(), one()]);
  process.stdout.write(String(process.memoryUsage().rss - before));
})();
`;

test('scrypt checks in the server as npm start runs it keep no 16 MiB block per thread', async () => {
  if (!glibc) return; // the threshold is glibc's
  const dir = await mkdtemp(join(tmpdir(), 'clip-scrypt-'));
  try {
    await writeFile(join(dir, 'checks.cjs'), CHECKS);
    // The launcher execs `node` from PATH: this one runs the checks under the launcher's environment.
    await writeFile(
      join(dir, 'node'),
      `#!/bin/sh\nexec "${process.execPath}" "${join(dir, 'checks.cjs')}"\n`,
    );
    await chmod(join(dir, 'node'), 0o755);
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${dir}:${process.env.PATH}` };
    delete env.MALLOC_MMAP_THRESHOLD_;
    delete env.MALLOC_TRIM_THRESHOLD_;
    const run = spawnSync(LAUNCHER, [], { env, encoding: 'utf8' });
    assert.is(run.status, 0, run.stderr);
    const grown = Number(run.stdout);
    assert.ok(grown < 8 * MIB, `RSS grew by ${(grown / MIB).toFixed(1)} MiB over 12 checks`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
