// The temp files a write killed midway leaves (`.clip-tmp-*`): swept when last touched before the cut-off,
// at any depth below the folder; a live write's temp file (touched since) and ordinary files stay.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LocalDriver } from './localDriver.ts';

test('old temp files below the folder go; fresh ones, other files and other folders stay', async () => {
  const root = await mkdtemp(join(tmpdir(), 'clip-sweep-'));
  try {
    await mkdir(join(root, 'dst', 'sub'), { recursive: true });
    await mkdir(join(root, 'other'), { recursive: true });
    const cutOff = Date.now();
    const old = new Date(cutOff - 60_000);
    for (const rel of ['dst/.clip-tmp-a', 'dst/sub/.clip-tmp-b', 'other/.clip-tmp-c', 'dst/kept.txt']) {
      await writeFile(join(root, rel), 'x');
      await utimes(join(root, rel), old, old);
    }
    await writeFile(join(root, 'dst', '.clip-tmp-live'), 'still being written');
    await utimes(join(root, 'dst', '.clip-tmp-live'), new Date(cutOff + 1000), new Date(cutOff + 1000));

    const driver = new LocalDriver({ root });
    assert.is(await driver.sweepTempFiles('dst', cutOff), 2);
    assert.equal((await readdir(join(root, 'dst'))).sort(), ['.clip-tmp-live', 'kept.txt', 'sub']);
    assert.equal(await readdir(join(root, 'dst', 'sub')), []);
    assert.equal(await readdir(join(root, 'other')), ['.clip-tmp-c'], 'outside the folder: untouched');
    assert.is(await driver.sweepTempFiles('missing', cutOff), 0, 'a folder that is not there: nothing');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test.run();
