// @clip-databases sqlite postgres
/** rclone (Debian) over /dav: a tree of 100 files (some 20 MiB) copied, checked, synced and listed. */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, TEST_ADMIN } from '../testing/testServer.ts';
import { type DavKit, startDavKit } from './testing/davTestKit.ts';

const MiB = 1024 * 1024;
let kit: DavKit;
let src: string;
let obscured: string;
const files: { rel: string; size: number }[] = [];

function rclone(args: string[], vendor = 'other'): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      '/usr/bin/rclone',
      [
        '--config',
        '/dev/null',
        '--webdav-url',
        `${kit.server.url}/dav`,
        '--webdav-vendor',
        vendor,
        '--webdav-user',
        TEST_ADMIN.username,
        '--webdav-pass',
        obscured,
        ...args,
      ],
      { maxBuffer: 64 * MiB, env: { ...process.env, AWS_CA_BUNDLE: '' } },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

test.before(async () => {
  kit = await startDavKit(startTestServer());
  await kit.mount({ name: 's3', mount_path: '/s3', storage_config_id: kit.s3ConfigId, storage_type: 's3' });
  await kit.mountLocal();
  obscured = await new Promise((resolve, reject) =>
    execFile('/usr/bin/rclone', ['obscure', TEST_ADMIN.password], (err, out) =>
      err ? reject(err) : resolve(out.trim()),
    ),
  );
  src = await mkdtemp(join(tmpdir(), 'clip-rclone-'));
  for (let i = 0; i < 100; i++) {
    const dir = i < 40 ? '' : i < 70 ? 'sub/' : 'sub/deeper ü/';
    const size = i % 33 === 5 ? 20 * MiB : (i * 7919) % 50_000;
    const rel = `${dir}file ${i}.bin`;
    await mkdir(join(src, dir), { recursive: true });
    await writeFile(join(src, rel), randomBytes(size));
    files.push({ rel, size });
  }
});
test.after(async () => {
  await kit?.close();
  if (src) await rm(src, { recursive: true, force: true });
});

test('copy of 100 files (three of 20 MiB) to the s3 mount; check --download finds no difference', async () => {
  assert.is(files.filter((f) => f.size === 20 * MiB).length, 3);
  const copy = await rclone(['copy', src, ':webdav:s3/tree', '--transfers', '4']);
  assert.is(copy.code, 0, copy.out);
  const check = await rclone(['check', src, ':webdav:s3/tree', '--download']);
  assert.is(check.code, 0, check.out);
  assert.match(check.out, /0 differences found/);
  assert.match(check.out, /100 matching files/);
});

test('lsjson sizes are exact and times are the upload times; the API lists the same files', async () => {
  const before = Date.now();
  const res = await rclone(['lsjson', '-R', '--files-only', ':webdav:s3/tree']);
  assert.is(res.code, 0, res.out);
  const listed = JSON.parse(res.out) as { Path: string; Size: number; ModTime: string }[];
  assert.is(listed.length, 100);
  const bySize = new Map(listed.map((e) => [e.Path, e]));
  for (const f of files) {
    const e = bySize.get(f.rel);
    assert.ok(e, `${f.rel} listed`);
    assert.is(e?.Size, f.size, f.rel);
    const t = Date.parse(e?.ModTime ?? '');
    assert.ok(t <= before + 1000 && t > before - 10 * 60_000, `${f.rel} time ${e?.ModTime}`);
  }
  const api = await kit.api('GET', '/admin/fs/list?path=/s3/tree/sub');
  assert.is(api.status, 200);
  const items = (api.json.data as { items: { name: string; size: number | null; type: string }[] }).items;
  const expected = files.filter((f) => f.rel.startsWith('sub/') && !f.rel.startsWith('sub/deeper'));
  for (const f of expected) {
    const item = items.find((i) => i.name === f.rel.slice(4));
    assert.is(item?.size, f.size, f.rel);
  }
  assert.ok(items.some((i) => i.name === 'deeper ü' && i.type === 'folder'));
});

test('sync after changes converges: a second check is clean and a second sync changes nothing', async () => {
  await writeFile(join(src, 'file 1.bin'), randomBytes(1234));
  await writeFile(join(src, 'sub/file 45.bin'), randomBytes(4321));
  await rm(join(src, 'file 2.bin'));
  await rm(join(src, 'sub/deeper ü/file 80.bin'));
  await writeFile(join(src, 'new one.txt'), 'new');
  const sync = await rclone(['sync', src, ':webdav:s3/tree']);
  assert.is(sync.code, 0, sync.out);
  const check = await rclone(['check', src, ':webdav:s3/tree', '--download']);
  assert.is(check.code, 0, check.out);
  assert.match(check.out, /0 differences found/);
  const again = await rclone(['sync', src, ':webdav:s3/tree', '-v']);
  assert.is(again.code, 0, again.out);
  assert.not.match(again.out, /: Copied|: Deleted/, again.out);
});

test('vendor owncloud: X-OC-Mtime keeps the source modification times (local mount)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'clip-rclone-oc-'));
  try {
    const when = new Date('2021-03-04T05:06:07Z');
    for (let i = 0; i < 5; i++) {
      await writeFile(join(dir, `t${i}.txt`), `time ${i}`);
      await utimes(join(dir, `t${i}.txt`), when, new Date(when.getTime() + i * 1000));
    }
    const copy = await rclone(['copy', dir, ':webdav:local/oc'], 'owncloud');
    assert.is(copy.code, 0, copy.out);
    const res = await rclone(['lsjson', ':webdav:local/oc'], 'owncloud');
    const listed = JSON.parse(res.out) as { Name: string; ModTime: string }[];
    assert.is(listed.length, 5);
    for (const e of listed) {
      const local = await stat(join(dir, e.Name));
      assert.is(Math.floor(Date.parse(e.ModTime) / 1000), Math.floor(local.mtimeMs / 1000), e.Name);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
