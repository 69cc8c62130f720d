// What the CLI bundle loads of Node for `clip ls` (ADRs 0085, 0089): an ES import of a built-in would read every
// export and so run its lazy getters (worker_threads for `node:process`, webcrypto for `node:crypto`), and
// node:crypto itself is for uploads only. Runs the bundle built at npm ci against a server that is not
// there: the command loads all it needs for a listing, sends its request, and fails.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The built-in modules Node had loaded when `clip ls /` (the bundle) exited. */
async function modulesOfLs(): Promise<{ modules: string[]; stderr: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'clip-bundle-modules-'));
  try {
    const preload = join(dir, 'preload.cjs');
    const out = join(dir, 'modules.txt');
    await writeFile(
      preload,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, process.moduleLoadList.join('\\n')));`,
    );
    const stderr = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--require', preload, '--conditions=source', join(root, 'packages/cli/.bundle/main.js'), 'ls', '/'],
        {
          env: {
            ...process.env,
            CLIP_SERVER: 'http://127.0.0.1:9',
            CLIP_TOKEN: 't',
            HOME: dir,
            XDG_CONFIG_HOME: dir,
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      child.on('error', reject);
      child.on('close', () => resolve(err));
    });
    return { modules: (await readFile(out, 'utf8')).split('\n'), stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('clip ls loads node:http but not node:crypto, worker_threads, util.parseArgs or fs/promises', async () => {
  const { modules, stderr } = await modulesOfLs();
  assert.match(stderr, /cannot connect to 127.0.0.1:9/, 'the listing was asked for');
  assert.ok(modules.includes('NativeModule http'), 'the request went over node:http');
  for (const unwanted of [
    'crypto',
    'internal/crypto/webcrypto',
    'worker_threads',
    'internal/util/parse_args/parse_args',
    // The config is read through node:fs, the requester taken without the SDK's upload sources (ADR 0089).
    'fs/promises',
    'internal/readline/interface',
  ])
    assert.not.ok(modules.includes(`NativeModule ${unwanted}`), `${unwanted} was loaded`);
});

test.run();
