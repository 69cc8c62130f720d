import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from './testing/assertRun.ts';
import { CLIP_BIN, runClip } from './testing/runClip.ts';

const version = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')).version;

test('clip --version and -V print the version', async () => {
  assert.is(succeeded(await runClip(['--version'])), `${version}\n`);
  assert.is(succeeded(await runClip(['-V'])), `${version}\n`);
});

test('bin/clip works through a symlink placed elsewhere (as on PATH)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'clip-bin-'));
  try {
    await symlink(CLIP_BIN, join(dir, 'clip'));
    const run = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(join(dir, 'clip'), ['--version'], { cwd: dir });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.on('close', (code) => resolve({ code, out }));
    });
    assert.equal(run, { code: 0, out: `${version}\n` });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('usage errors are one `clip:` line and a non-zero exit', async () => {
  failedWith(await runClip(['no-such-command']), /unknown command 'no-such-command'/);
  failedWith(await runClip(['paste', '--no-such-flag']), /unknown option '--no-such-flag'/);
  failedWith(await runClip(['get']), /missing required argument/);
});

test('a server that does not answer is a one-line network failure', async () => {
  failedWith(await runClip(['get', 'abc'], { env: { CLIP_SERVER: 'http://127.0.0.1:9' } }), /network error/);
});

test('clip serve runs the server in-process with the CLIP_* environment', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'clip-serve-'));
  const child = spawn(CLIP_BIN, ['serve', '--port', '0', '--data-dir', dataDir], {
    // MALLOC_ARENA_MAX left unset, so the launcher's default is what the process gets.
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: undefined,
      CLIP_LOG_LEVEL: 'silent',
      CLIP_ADMIN_PASSWORD: 'serve-test-password',
    },
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]);
      });
      child.on('close', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });
    const health = (await (await fetch(`${url}/api/health`)).json()) as { data: { status: string } };
    assert.is(health.data.status, 'ok');
    // The server in this process runs as `npm start` runs it (bin/lib/server-node.sh; ADR 0095).
    const cmdline = (await readFile(`/proc/${child.pid}/cmdline`, 'utf8')).split('\0');
    for (const flag of [
      '--max-semi-space-size=8',
      '--no-allocation-site-pretenuring',
      '--bytecode-old-age=2',
      '--expose-gc',
    ])
      assert.ok(cmdline.includes(flag), `clip serve runs node with ${flag}: ${cmdline.join(' ')}`);
    const environ = (await readFile(`/proc/${child.pid}/environ`, 'utf8')).split('\0');
    assert.ok(environ.includes('MALLOC_ARENA_MAX=2'), 'clip serve gets the server malloc settings');
    const who = await runClip(
      ['--server', url, 'login', '--username', 'admin', '--password', 'serve-test-password'],
      {
        env: { XDG_CONFIG_HOME: dataDir },
      },
    );
    assert.match(succeeded(who), /logged in/);
  } finally {
    const closed = new Promise((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    await closed;
    await rm(dataDir, { recursive: true, force: true });
  }
});

test.run();
