import { mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type StorageDriver, StoragePathError, StorageSizeError } from '../driver.ts';
import { storageConformance } from '../testing/conformance.ts';
import { collect, failingBody, rejectsWith } from '../testing/conformanceHelpers.ts';
import { LocalDriver } from './localDriver.ts';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'clip-local-'));
  dirs.push(dir);
  return dir;
}

const conformance = suite<{ driver: StorageDriver }>('local driver conformance');
storageConformance(conformance, {
  // The root does not exist yet: the driver creates it on first use.
  create: async () => new LocalDriver({ root: join(await tempDir(), 'storage') }),
  expect: { presign: false, multipart: false, copy: true, rename: true, mkdir: true },
});
conformance.run();

const jail = suite<{ base: string; root: string; driver: LocalDriver }>('local driver jail');
jail.before(async (ctx) => {
  ctx.base = await tempDir();
  ctx.root = join(ctx.base, 'root');
  await mkdir(join(ctx.root, 'inside'), { recursive: true });
  await writeFile(join(ctx.base, 'secret.txt'), 'outside the root');
  await mkdir(join(ctx.base, 'outdir'));
  await writeFile(join(ctx.base, 'outdir', 'o.txt'), 'outside');
  await symlink(join(ctx.base, 'secret.txt'), join(ctx.root, 'link-out'));
  await symlink(join(ctx.base, 'outdir'), join(ctx.root, 'dir-out'));
  await writeFile(join(ctx.root, 'inside', 'ok.txt'), 'fine');
  await symlink(join(ctx.root, 'inside', 'ok.txt'), join(ctx.root, 'link-in'));
  ctx.driver = new LocalDriver({ root: ctx.root });
});

jail('a symlink pointing out of the root is refused for every operation', async ({ driver, base }) => {
  await rejectsWith(driver.read('link-out'), StoragePathError);
  await rejectsWith(driver.stat('link-out'), StoragePathError);
  await rejectsWith(driver.read('dir-out/o.txt'), StoragePathError);
  await rejectsWith(driver.list('dir-out'), StoragePathError);
  await rejectsWith(driver.write('dir-out/new.txt', Readable.from([Buffer.from('x')])), StoragePathError);
  await rejectsWith(driver.mkdir('dir-out/newdir'), StoragePathError);
  await rejectsWith(driver.copy('link-out', 'stolen.txt'), StoragePathError);
  await rejectsWith(driver.rename('inside/ok.txt', 'dir-out/ok.txt'), StoragePathError);
  assert.equal((await readdir(join(base, 'outdir'))).sort(), ['o.txt']);
});

jail(
  'listing hides links that lead out; links inside work; /etc/passwd and NUL are refused',
  async ({ driver }) => {
    const names = (await driver.list('')).entries.map((e) => e.name).sort();
    assert.equal(names, ['inside', 'link-in']);
    assert.is((await collect((await driver.read('link-in')).stream)).toString(), 'fine');
    await rejectsWith(driver.read('/etc/passwd'), StoragePathError);
    await rejectsWith(driver.read('../secret.txt'), StoragePathError);
    await rejectsWith(driver.read('inside/\0ok.txt'), StoragePathError);
  },
);

jail('removing a link that leads out deletes the link, never its target', async ({ driver, base, root }) => {
  await driver.remove('dir-out');
  assert.equal(await readdir(join(base, 'outdir')), ['o.txt']);
  assert.not.ok((await readdir(root)).includes('dir-out'));
});

jail('a failed write removes its temp file and the directories it created', async ({ driver, root }) => {
  await rejectsWith(driver.write('fresh/a/b/file.bin', failingBody(4096)), Error);
  assert.not.ok((await readdir(root)).includes('fresh'));
  await rejectsWith(
    driver.write('inside/short.bin', Readable.from([Buffer.alloc(10)]), { size: 11 }),
    StorageSizeError,
  );
  assert.equal(await readdir(join(root, 'inside')), ['ok.txt']);
});

jail(
  'adopt moves a file into place; onto a directory it fails and leaves the file where it was',
  async ({ driver, base, root }) => {
    const spooled = join(base, 'spooled.part');
    await writeFile(spooled, 'spooled bytes');
    const written = await driver.adopt('adopted/new.bin', spooled);
    assert.is(written.size, 13);
    assert.is((await collect((await driver.read('adopted/new.bin')).stream)).toString(), 'spooled bytes');
    assert.not.ok((await readdir(base)).includes('spooled.part'));

    await writeFile(spooled, 'again');
    await rejectsWith(driver.adopt('inside', spooled), StoragePathError);
    assert.is(await readFile(spooled, 'utf8'), 'again');
    assert.equal((await readdir(join(root, 'inside'))).sort(), ['ok.txt']);
    await rejectsWith(driver.adopt('../outside.bin', spooled), StoragePathError);
  },
);

jail(
  'uploads an older server left in .clip-uploads/ move into .clip/uploads/ and still complete; both are out of reach',
  async ({ root }) => {
    const id = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
    await mkdir(join(root, '.clip-uploads', id), { recursive: true });
    await writeFile(join(root, '.clip-uploads', id, 'data'), 'parts sent before the upgrade');
    const driver = new LocalDriver({ root });
    for (const reserved of ['.clip-uploads', `.clip-uploads/${id}/data`, `.clip/uploads/${id}/data`])
      await rejectsWith(driver.read(reserved), StoragePathError);
    await driver.joinParts(id, [{ partNumber: 1, size: 29 }], 'resumed.bin');
    assert.is(
      (await collect((await driver.read('resumed.bin')).stream)).toString(),
      'parts sent before the upgrade',
    );
    assert.not.ok((await readdir(root)).includes('.clip-uploads'), 'the old folder is gone');
    assert.equal(await readdir(join(root, '.clip', 'uploads')), [], 'the parts went with the complete');
  },
);

jail('a listing never shows the folders kept for uploads in progress', async ({ root }) => {
  await mkdir(join(root, '.clip', 'uploads', 'some-upload'), { recursive: true });
  await mkdir(join(root, '.clip', 'thumbs'), { recursive: true });
  await mkdir(join(root, '.clip-uploads'), { recursive: true });
  const driver = new LocalDriver({ root });
  assert.equal(
    (await driver.list('.clip')).entries.map((e) => e.name),
    ['thumbs'],
  );
  assert.not.ok((await driver.list('')).entries.some((e) => e.name === '.clip-uploads'));
});

jail.run();

const large = suite('local driver: a large folder paged while it changes');
large(
  'a large, quiet folder read once for its pages still shows every change made meanwhile, by any writer',
  async () => {
    const root = await tempDir();
    const dir = join(root, 'big');
    await mkdir(dir);
    const names = Array.from({ length: 2500 }, (_, i) => `f-${String(i).padStart(5, '0')}`);
    for (const name of names) await writeFile(join(dir, name), 'x');
    // Quiet for an hour: its sorted names are kept between pages.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(dir, anHourAgo, anHourAgo);
    const driver = new LocalDriver({ root });
    const first = await driver.list('big', { limit: 1000 });
    assert.is(first.entries.length, 1000);
    // Behind the driver's back: one file added after the cursor, one removed.
    await writeFile(join(dir, 'f-01500-new'), 'x');
    await rm(join(dir, 'f-01600'));
    const seen = [...first.entries.map((e) => e.name)];
    let cursor = first.cursor;
    while (cursor) {
      const page = await driver.list('big', { cursor, limit: 1000 });
      seen.push(...page.entries.map((e) => e.name));
      cursor = page.cursor;
    }
    const expected = [...names.filter((n) => n !== 'f-01600'), 'f-01500-new'].sort();
    assert.equal(seen, expected);
  },
);
large.after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
large.run();
