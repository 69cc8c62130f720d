/**
 * The one behaviour every StorageDriver must show, run against each backend (tus-node-server / rclone style).
 * Capabilities are exercised where the driver has them; their absence is asserted to be consistent.
 */
import { Readable } from 'node:stream';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  canCopy,
  canMkdir,
  canMultipart,
  canPresign,
  canRename,
  type StorageDriver,
  StorageNotFoundError,
  StoragePathError,
  StorageRangeError,
} from '../driver.ts';
import { collect, failingBody, generatedBody, rejectsWith, sha256 } from './conformanceHelpers.ts';
import { transferConformance } from './conformanceTransfers.ts';

export interface ConformanceTarget {
  /** A fresh, empty driver; called once for the suite. */
  create(): Promise<StorageDriver>;
  /** Capabilities the driver must have (the suite fails if a guard disagrees). */
  expect: { presign: boolean; multipart: boolean; copy: boolean; rename: boolean; mkdir: boolean };
}

const MiB = 1024 * 1024;
const text = (s: string) => Readable.from([Buffer.from(s)]);
const readText = async (d: StorageDriver, p: string) => (await collect((await d.read(p)).stream)).toString();

export function storageConformance(suite: Test<{ driver: StorageDriver }>, target: ConformanceTarget): void {
  suite.before(async (ctx) => {
    ctx.driver = await target.create();
  });
  suite.after(async (ctx) => {
    await ctx.driver?.close();
  });

  suite('has exactly the expected capabilities', ({ driver }) => {
    assert.equal(
      {
        presign: canPresign(driver),
        multipart: canMultipart(driver),
        copy: canCopy(driver),
        rename: canRename(driver),
        mkdir: canMkdir(driver),
      },
      target.expect,
    );
  });

  suite('write, stat and read a file; missing paths', async ({ driver }) => {
    const written = await driver.write('basic/hello.txt', text('hello world'), { contentType: 'text/plain' });
    assert.is(written.size, 11);
    const st = await driver.stat('basic/hello.txt');
    assert.ok(st);
    assert.equal([st.path, st.name, st.isDirectory, st.size], ['basic/hello.txt', 'hello.txt', false, 11]);
    assert.ok(st.modified instanceof Date && Math.abs(st.modified.getTime() - Date.now()) < 120_000);
    assert.is(await readText(driver, 'basic/hello.txt'), 'hello world');
    const dir = await driver.stat('basic');
    assert.equal([dir?.isDirectory, dir?.name], [true, 'basic']);
    assert.is((await driver.stat(''))?.isDirectory, true);
    assert.is(await driver.stat('basic/nope.txt'), null);
    assert.is(await driver.stat('nowhere/at/all'), null);
    await rejectsWith(driver.read('basic/nope.txt'), StorageNotFoundError);
    await driver.write('basic/hello.txt', text('replaced'));
    assert.is(await readText(driver, 'basic/hello.txt'), 'replaced');
  });

  suite('list shows directories and files as direct children', async ({ driver }) => {
    await driver.write('tree/b.txt', text('bb'));
    // One level of nesting per listing: s3rver (unlike S3) misses prefixes whose objects sit two levels down.
    await driver.write('tree/sub/x.txt', text('x'));
    await driver.write('tree/sub/deep/y.txt', text('y'));
    await driver.write('tree/a.txt', text('a'));
    const { entries, cursor } = await driver.list('tree');
    assert.is(cursor, null);
    const seen = entries.map((e) => [e.path, e.name, e.isDirectory, e.isDirectory ? 0 : e.size]).sort();
    assert.equal(seen, [
      ['tree/a.txt', 'a.txt', false, 1],
      ['tree/b.txt', 'b.txt', false, 2],
      ['tree/sub', 'sub', true, 0],
    ]);
    assert.equal((await driver.list('tree/')).entries.map((e) => e.name).sort(), ['a.txt', 'b.txt', 'sub']);
    assert.equal(
      (await driver.list('tree/sub')).entries.map((e) => [e.path, e.isDirectory]),
      [
        ['tree/sub/deep', true],
        ['tree/sub/x.txt', false],
      ],
    );
    assert.ok((await driver.list('')).entries.some((e) => e.name === 'tree' && e.isDirectory));
    assert.equal(await driver.list('tree/missing'), { entries: [], cursor: null });
  });

  suite('list pages with a cursor and visits every entry once', async ({ driver }) => {
    const names = ['f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6'];
    for (const n of names) await driver.write(`paged/${n}`, text(n));
    await driver.write('paged/zdir/inner', text('i'));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await driver.list('paged', { limit: 3, cursor });
      assert.ok(page.entries.length <= 3);
      seen.push(...page.entries.map((e) => e.name));
      cursor = page.cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    assert.equal(seen, [...names, 'zdir']);
    assert.ok(pages >= 3);
  });

  suite('ranged reads', async ({ driver }) => {
    await driver.write('range/digits', text('0123456789'));
    const mid = await driver.read('range/digits', { start: 2, end: 5 });
    assert.equal([mid.length, mid.size], [4, 10]);
    assert.is((await collect(mid.stream)).toString(), '2345');
    const tail = await driver.read('range/digits', { start: 7, end: 1000 });
    assert.equal([tail.length, (await collect(tail.stream)).toString()], [3, '789']);
    const one = await driver.read('range/digits', { start: 9, end: 9 });
    assert.is((await collect(one.stream)).toString(), '9');
    await rejectsWith(driver.read('range/digits', { start: 10, end: 12 }), StorageRangeError);
  });

  for (const [label, size, known] of [
    ['0 bytes', 0, false],
    ['1 byte', 1, false],
    ['0 bytes, size known', 0, true],
    ['12 MiB streamed, size unknown', 12 * MiB, false],
    ['12 MiB, size known', 12 * MiB, true],
  ] as const) {
    suite(`streamed write of ${label} reads back identical`, async ({ driver }) => {
      const body = generatedBody(size);
      const path = `sizes/${label.replace(/\W+/g, '-')}.bin`;
      const result = await driver.write(path, body.stream, known ? { size } : {});
      assert.is(result.size, size);
      assert.is((await driver.stat(path))?.size, size);
      const read = await driver.read(path);
      assert.is(read.size, size);
      assert.is(sha256(await collect(read.stream)), body.sha256);
    });
  }

  suite('a failed or aborted write leaves nothing behind', async ({ driver }) => {
    await rejectsWith(driver.write('failed/small.bin', failingBody(1000)), Error);
    await rejectsWith(driver.write('failed/large.bin', failingBody(9 * MiB)), Error);
    const controller = new AbortController();
    const slow = Readable.from(
      (async function* () {
        yield Buffer.alloc(1024);
        controller.abort();
        await new Promise((r) => setTimeout(r, 20));
        yield Buffer.alloc(1024);
      })(),
    );
    await rejectsWith(driver.write('failed/aborted.bin', slow, { signal: controller.signal }), Error);
    for (const p of ['failed/small.bin', 'failed/large.bin', 'failed/aborted.bin'])
      assert.is(await driver.stat(p), null);
    assert.equal((await driver.list('failed')).entries, []);
  });

  suite('remove deletes a file, a whole directory, and ignores missing paths', async ({ driver }) => {
    await driver.write('rm/keep.txt', text('k'));
    await driver.write('rm/file.txt', text('f'));
    for (let i = 0; i < 12; i++) await driver.write(`rm/dir/n${i % 3}/f${i}`, text(String(i)));
    await driver.remove('rm/file.txt');
    assert.is(await driver.stat('rm/file.txt'), null);
    await driver.remove('rm/dir');
    assert.is(await driver.stat('rm/dir'), null);
    assert.is(await driver.stat('rm/dir/n0/f0'), null);
    assert.equal(
      (await driver.list('rm')).entries.map((e) => e.name),
      ['keep.txt'],
    );
    await driver.remove('rm/never-existed');
    await rejectsWith(driver.remove(''), StoragePathError);
  });

  if (target.expect.copy && target.expect.rename)
    suite('copy and rename files and directories', async ({ driver }) => {
      if (!canCopy(driver) || !canRename(driver)) throw new Error('guards disagree');
      await driver.write('cp/src.txt', text('source'));
      await driver.copy('cp/src.txt', 'cp/out/copy.txt');
      assert.equal(
        [await readText(driver, 'cp/src.txt'), await readText(driver, 'cp/out/copy.txt')],
        ['source', 'source'],
      );
      await driver.rename('cp/out/copy.txt', 'cp/moved.txt');
      assert.is(await driver.stat('cp/out/copy.txt'), null);
      assert.is(await readText(driver, 'cp/moved.txt'), 'source');
      await driver.write('cp/dir/a', text('A'));
      await driver.write('cp/dir/sub/b', text('B'));
      await driver.copy('cp/dir', 'cp/dir2');
      assert.equal(
        [await readText(driver, 'cp/dir2/a'), await readText(driver, 'cp/dir2/sub/b')],
        ['A', 'B'],
      );
      await driver.rename('cp/dir2', 'cp/dir3');
      assert.is(await driver.stat('cp/dir2'), null);
      assert.is(await readText(driver, 'cp/dir3/sub/b'), 'B');
      assert.is(await readText(driver, 'cp/dir/a'), 'A');
      await rejectsWith(driver.copy('cp/absent', 'cp/x'), StorageNotFoundError);
      await rejectsWith(driver.rename('cp/absent', 'cp/x'), StorageNotFoundError);
      await rejectsWith(driver.copy('cp/dir', 'cp/dir/inside'), StoragePathError);
    });

  if (target.expect.mkdir)
    suite('mkdir makes an empty directory that lists and stats', async ({ driver }) => {
      if (!canMkdir(driver)) throw new Error('guards disagree');
      await driver.mkdir('made/empty/child');
      assert.is((await driver.stat('made/empty/child'))?.isDirectory, true);
      assert.equal(
        (await driver.list('made/empty')).entries.map((e) => [e.name, e.isDirectory]),
        [['child', true]],
      );
      assert.equal((await driver.list('made/empty/child')).entries, []);
      await driver.mkdir('made/empty/child');
    });

  suite('paths that would escape are refused everywhere', async ({ driver }) => {
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a/./b', 'nul\0byte', 'a//b', '..']) {
      await rejectsWith(driver.stat(bad), StoragePathError);
      await rejectsWith(driver.read(bad), StoragePathError);
      await rejectsWith(driver.list(bad), StoragePathError);
      await rejectsWith(driver.write(bad, text('x')), StoragePathError);
      await rejectsWith(driver.remove(bad), StoragePathError);
    }
  });

  transferConformance(suite, target.expect);
}
