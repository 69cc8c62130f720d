import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sweepFsSpool } from './sweepFsSpool.ts';

test('removes only old fs-upload spool files', async () => {
  const data = await mkdtemp(join(tmpdir(), 'clip-spool-'));
  try {
    assert.is(await sweepFsSpool(data), 0, 'no tmp folder yet');
    const dir = join(data, 'tmp');
    await mkdir(dir);
    for (const n of ['fs-upload-old', 'fs-upload-new', 'other-old']) await writeFile(join(dir, n), 'x');
    const old = new Date(Date.now() - 7 * 3_600_000);
    await utimes(join(dir, 'fs-upload-old'), old, old);
    await utimes(join(dir, 'other-old'), old, old);
    assert.is(await sweepFsSpool(data), 1);
    assert.equal((await readdir(dir)).sort(), ['fs-upload-new', 'other-old']);
  } finally {
    await rm(data, { recursive: true, force: true });
  }
});

test.run();
