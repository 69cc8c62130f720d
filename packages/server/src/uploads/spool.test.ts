import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spoolPart, sweepSpool } from './spool.ts';

let dir: string;
test.before.each(async () => {
  dir = await mkdtemp(join(tmpdir(), 'clip-spool-'));
});
test.after.each(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('a part is spooled whole; over the limit or failing midway, nothing is left', async () => {
  const ok = await spoolPart(Readable.from([Buffer.from('hello '), Buffer.from('world')]), 100, dir);
  assert.is(ok.size, 11);
  assert.equal(await readdir(dir), [ok.path.split('/').pop()]);
  await rm(ok.path);

  const big = spoolPart(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), 100, dir);
  const tooBig = await big.then(
    () => null,
    (e: { status?: number }) => e,
  );
  assert.is(tooBig?.status, 413);
  const broken = new Readable({ read() {} });
  const failing = spoolPart(broken, 100, dir);
  broken.push(Buffer.from('partial'));
  broken.destroy(new Error('Unexpected end of form'));
  assert.match(String(await failing.catch((e) => e)), /Unexpected end of form/);
  assert.equal(await readdir(dir), []);
});

test('the sweep removes spool files older than the deadline and nothing else', async () => {
  const now = Date.now();
  await writeFile(join(dir, 'old.part'), 'x');
  await utimes(join(dir, 'old.part'), new Date(now - 3_600_000), new Date(now - 3_600_000));
  await writeFile(join(dir, 'fresh.part'), 'x');
  await writeFile(join(dir, 'other.txt'), 'x');
  await utimes(join(dir, 'other.txt'), new Date(now - 3_600_000), new Date(now - 3_600_000));
  assert.is(await sweepSpool(dir, 60_000, now), 1);
  assert.equal((await readdir(dir)).sort(), ['fresh.part', 'other.txt']);
  assert.is(await sweepSpool(join(dir, 'missing'), 60_000, now), 0);
});

test.run();
