/**
 * The file-system conformance suite: every operation through /api/admin/fs, run alike against a mount
 * over local storage and one over S3 (s3rver). Each storage gets its own uvu suite.
 */

import { Readable } from 'node:stream';
import type { FsBatchRemoveResult, FsFileLinkResult, FsGetResult, FsItem, FsListResult } from '@clip/sdk';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ANONYMOUS } from '../../services/actor.ts';
import type { FsKit } from './fsTestKit.ts';

export function fsConformanceSuite(name: string, kitOf: () => FsKit, storage: 'local' | 's3') {
  const s = suite(`fs conformance: ${name}`);
  const root = `/conf-${storage}`;
  const other = `/conf-${storage}-other`;
  const p = (rest: string) => `${root}${rest}`;
  const q = encodeURIComponent;
  let kit: FsKit;

  async function upload(
    folder: string,
    fileName: string,
    content: string | Buffer,
    order: 'path-first' | 'file-first',
    extra: Record<string, string> = {},
  ) {
    const form = new FormData();
    const blob = new Blob([typeof content === 'string' ? content : new Uint8Array(content)]);
    if (order === 'path-first') form.append('path', folder);
    for (const [k, v] of Object.entries(extra)) form.append(k, v);
    form.append('file', blob, fileName);
    if (order === 'file-first') form.append('path', folder);
    const res = await kit.raw('admin', 'POST', '/admin/fs/upload', { body: form });
    return { status: res.status, body: (await res.json()) as { data: { item: FsItem }; message: string } };
  }
  const download = (path: string, headers: Record<string, string> = {}) =>
    kit.raw('admin', 'GET', `/admin/fs/download?path=${q(path)}`, { headers });
  const list = (path: string, extra = '') =>
    kit.call<FsListResult>('admin', 'GET', `/admin/fs/list?path=${q(path)}${extra}`);
  async function listWhole(path: string, limit?: number): Promise<FsItem[]> {
    const items: FsItem[] = [];
    let cursor: string | null = null;
    do {
      const extra: string = `${limit ? `&limit=${limit}` : ''}${cursor ? `&cursor=${q(cursor)}` : ''}`;
      const res = await list(path, extra);
      assert.is(res.status, 200, res.body.message);
      items.push(...res.body.data.items);
      cursor = res.body.data.next_cursor;
    } while (cursor);
    return items;
  }

  s.before(async () => {
    kit = kitOf();
    await kit.mount({
      mount_path: root,
      storage_type: storage,
      cache_ttl: 0,
      root_prefix: `conf-${storage}`,
    });
    await kit.mount({
      mount_path: other,
      storage_type: storage,
      cache_ttl: 0,
      root_prefix: `conf-${storage}-other`,
    });
  });

  s('mkdir: creates, 409 when it exists, 409 without parent unless create_parents', async () => {
    const made = await kit.call<FsItem>('admin', 'POST', '/admin/fs/mkdir', { path: p('/dir') });
    assert.is(made.status, 201, made.body.message);
    assert.is(made.body.data.type, 'folder');
    assert.is((await kit.call('admin', 'POST', '/admin/fs/mkdir', { path: p('/dir') })).status, 409);
    assert.is((await kit.call('admin', 'POST', '/admin/fs/mkdir', { path: p('/no/child') })).status, 409);
    const deep = await kit.call('admin', 'POST', '/admin/fs/mkdir', {
      path: p('/no/child'),
      create_parents: true,
    });
    assert.is(deep.status, 201, deep.body.message);
    const got = await kit.call<FsGetResult>('admin', 'GET', `/admin/fs/get?path=${q(p('/no'))}`);
    assert.is(got.body.data.type, 'folder');
    assert.is(got.body.data.download_url, null);
    assert.is((await kit.call('admin', 'POST', '/admin/fs/mkdir', { path: root })).status, 409);
  });

  s('upload: both field orders, streamed; parent must exist unless create_parents', async () => {
    const a = await upload(p('/dir'), 'a.txt', 'hello path first', 'path-first');
    assert.is(a.status, 201, a.body.message);
    assert.is(a.body.data.item.path, p('/dir/a.txt'));
    assert.is(a.body.data.item.size, 16);
    const b = await upload(p('/dir'), 'b.txt', 'hello file first', 'file-first');
    assert.is(b.status, 201, b.body.message);
    assert.is(await (await download(p('/dir/a.txt'))).text(), 'hello path first');
    assert.is(await (await download(p('/dir/b.txt'))).text(), 'hello file first');
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    const c = await upload(p('/dir'), 'big.bin', big, 'file-first');
    assert.is(c.status, 201);
    assert.ok(Buffer.from(await (await download(p('/dir/big.bin'))).arrayBuffer()).equals(big));
    const missing = await upload(p('/nowhere'), 'x.txt', 'x', 'path-first');
    assert.is(missing.status, 409);
    assert.match(missing.body.message, /does not exist/);
    const made = await upload(p('/made/deep'), 'x.txt', 'x', 'file-first', { create_parents: 'true' });
    assert.is(made.status, 201, made.body.message);
    assert.is((await kit.call('admin', 'POST', '/admin/fs/upload', {})).status, 400);
  });

  s('list: items with types, sizes and no folder size; get: metadata and signed links', async () => {
    await upload(p('/dir'), 'pic.png', 'not really a png', 'path-first');
    await upload(p('/dir'), 'page.html', '<script>alert(1)</script>', 'path-first');
    const res = await list(p('/dir'));
    assert.is(res.status, 200);
    assert.is(res.body.data.is_virtual, false);
    const byName = Object.fromEntries(res.body.data.items.map((i) => [i.name, i]));
    assert.equal(Object.keys(byName).sort(), ['a.txt', 'b.txt', 'big.bin', 'page.html', 'pic.png']);
    assert.is(byName['pic.png'].type, 'image');
    assert.is(byName['page.html'].type, 'code');
    assert.is(byName['a.txt'].type, 'document');
    assert.is(byName['a.txt'].size, 16);
    assert.is(byName['a.txt'].path, p('/dir/a.txt'));
    const top = await list(root);
    const dir = top.body.data.items.find((i) => i.name === 'dir');
    assert.ok(dir);
    assert.is(dir?.type, 'folder');
    assert.is(dir?.size, null);

    const got = await kit.call<FsGetResult>('admin', 'GET', `/admin/fs/get?path=${q(p('/dir/pic.png'))}`);
    assert.is(got.status, 200);
    assert.is(got.body.data.mimetype, 'image/png');
    const viaLink = await fetch(got.body.data.download_url as string);
    assert.is(viaLink.status, 200);
    assert.is(await viaLink.text(), 'not really a png');
    const preview = await fetch(got.body.data.preview_url as string);
    assert.is(preview.headers.get('content-type'), 'image/png');
    assert.match(preview.headers.get('content-disposition') ?? '', /^inline/);
    const tampered = (got.body.data.download_url as string).replace('pic.png', 'a.txt');
    assert.is((await fetch(tampered)).status, 403);
    assert.is((await kit.call('admin', 'GET', `/admin/fs/get?path=${q(p('/dir/none.txt'))}`)).status, 404);
    assert.is((await list(p('/dir/none'))).status, 404);
  });

  s('download/preview: Range, ETag/304, attachment, active content never inline', async () => {
    const full = await download(p('/dir/a.txt'));
    assert.is(full.status, 200);
    assert.match(full.headers.get('content-disposition') ?? '', /^attachment; filename="a.txt"/);
    assert.is(full.headers.get('x-content-type-options'), 'nosniff');
    const etag = full.headers.get('etag') as string;
    assert.ok(etag);
    await full.arrayBuffer();
    const ranged = await download(p('/dir/a.txt'), { range: 'bytes=6-9' });
    assert.is(ranged.status, 206);
    assert.is(await ranged.text(), 'path');
    assert.is(ranged.headers.get('content-range'), 'bytes 6-9/16');
    const notModified = await download(p('/dir/a.txt'), { 'if-none-match': etag });
    assert.is(notModified.status, 304);
    const bad = await download(p('/dir/a.txt'), { range: 'bytes=100-' });
    assert.is(bad.status, 416);
    const html = await kit.raw('admin', 'GET', `/admin/fs/preview?path=${q(p('/dir/page.html'))}`);
    assert.is(html.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.match(html.headers.get('content-security-policy') ?? '', /sandbox/);
    const folder = await download(p('/dir'));
    assert.is(folder.status, 400);
    assert.is((await download(p('/dir/none.txt'))).status, 404);
  });

  s('update: text save keeps the type, creates the file when missing', async () => {
    const saved = await kit.call<FsItem>('admin', 'POST', '/admin/fs/update', {
      path: p('/dir/a.txt'),
      content: 'edited ✓',
    });
    assert.is(saved.status, 200, saved.body.message);
    assert.is(await (await download(p('/dir/a.txt'))).text(), 'edited ✓');
    const created = await kit.call<FsItem>('admin', 'POST', '/admin/fs/update', {
      path: p('/dir/new.md'),
      content: '# hi',
    });
    assert.is(created.status, 200);
    assert.is(created.body.data.size, 4);
    const tooBig = await kit.call('admin', 'POST', '/admin/fs/update', {
      path: p('/dir/huge.txt'),
      content: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    assert.ok(tooBig.status === 400 || tooBig.status === 413, String(tooBig.status));
  });

  s(
    'rename: file, folder of 50 objects, 409 target exists, 400 across mounts and for a mount root',
    async () => {
      const moved = await kit.call<FsItem>('admin', 'POST', '/admin/fs/rename', {
        oldPath: p('/dir/b.txt'),
        newPath: p('/dir/b2.txt'),
      });
      assert.is(moved.status, 200, moved.body.message);
      assert.is(await (await download(p('/dir/b2.txt'))).text(), 'hello file first');
      assert.is((await download(p('/dir/b.txt'))).status, 404);
      const exists = await kit.call('admin', 'POST', '/admin/fs/rename', {
        oldPath: p('/dir/b2.txt'),
        newPath: p('/dir/a.txt'),
      });
      assert.is(exists.status, 409);
      const across = await kit.call('admin', 'POST', '/admin/fs/rename', {
        oldPath: p('/dir/b2.txt'),
        newPath: `${other}/b2.txt`,
      });
      assert.is(across.status, 400);
      assert.match(across.body.message, /copy/);
      assert.is(
        (await kit.call('admin', 'POST', '/admin/fs/rename', { oldPath: root, newPath: `${root}x` })).status,
        400,
      );

      const fs = kit.server.app.services.fs;
      const admin = { kind: 'admin' as const, id: 'admin', username: 'admin' };
      await kit.call('admin', 'POST', '/admin/fs/mkdir', { path: p('/fifty') });
      const names = Array.from({ length: 50 }, (_, i) => `f${String(i).padStart(2, '0')}.txt`);
      for (let i = 0; i < names.length; i += 10)
        await Promise.all(
          names
            .slice(i, i + 10)
            .map((n) => fs.write(admin, p(`/fifty/${n}`), Readable.from([Buffer.from(n)]))),
        );
      await fs.write(admin, p('/fifty/sub/inner.txt'), Readable.from([Buffer.from('inner')]), {
        createParents: true,
      });
      const renamed = await kit.call('admin', 'POST', '/admin/fs/rename', {
        oldPath: p('/fifty'),
        newPath: p('/fifty-moved'),
      });
      assert.is(renamed.status, 200, renamed.body.message);
      const after = await listWhole(p('/fifty-moved'));
      assert.is(after.filter((i) => i.type !== 'folder').length, 50);
      assert.ok(after.some((i) => i.name === 'sub' && i.type === 'folder'));
      assert.is(await (await download(p('/fifty-moved/f07.txt'))).text(), 'f07.txt');
      assert.is(await (await download(p('/fifty-moved/sub/inner.txt'))).text(), 'inner');
      assert.is((await list(p('/fifty'))).status, 404);
      assert.equal(await fs.stat(admin, p('/fifty/f00.txt')), null);
      void ANONYMOUS;
    },
  );

  s('copy (service): file and folder, across mounts and storages', async () => {
    const fs = kit.server.app.services.fs;
    const admin = { kind: 'admin' as const, id: 'admin', username: 'admin' };
    const item = await fs.copy(admin, p('/dir/a.txt'), `${other}/a-copy.txt`);
    assert.is(item.size, Buffer.byteLength('edited ✓'));
    await fs.copy(admin, p('/fifty-moved'), `${other}/fifty-copy`);
    assert.is(
      (await fs.listAll(admin, `${other}/fifty-copy`)).items.filter((i) => i.type !== 'folder').length,
      50,
    );
    const crossStorage = storage === 'local' ? '/conf-s3' : '/conf-local';
    const hasOther = (await fs.stat(admin, crossStorage)) !== null;
    if (hasOther) {
      await fs.copy(admin, p('/dir/a.txt'), `${crossStorage}/from-${storage}.txt`, { overwrite: true });
      const read = await fs.read(admin, `${crossStorage}/from-${storage}.txt`);
      read.stream.resume();
      assert.is(read.size, Buffer.byteLength('edited ✓'));
    }
    try {
      await fs.copy(admin, p('/dir/a.txt'), `${other}/a-copy.txt`);
      assert.unreachable('copy onto an existing file');
    } catch (err) {
      assert.is((err as { status: number }).status, 409);
    }
  });

  s('remove: file, folder recursively, 404 missing, 400 mount root; batch-remove per path', async () => {
    assert.is(
      (await kit.call('admin', 'DELETE', `/admin/fs/remove?path=${q(p('/dir/b2.txt'))}`)).status,
      200,
    );
    assert.is((await download(p('/dir/b2.txt'))).status, 404);
    assert.is(
      (await kit.call('admin', 'DELETE', `/admin/fs/remove?path=${q(p('/dir/b2.txt'))}`)).status,
      404,
    );
    assert.is((await kit.call('admin', 'DELETE', `/admin/fs/remove?path=${q(root)}`)).status, 400);
    const gone = await kit.call('admin', 'DELETE', `/admin/fs/remove?path=${q(p('/fifty-moved'))}`);
    assert.is(gone.status, 200);
    assert.is((await list(p('/fifty-moved'))).status, 404);
    assert.is((await download(p('/fifty-moved/sub/inner.txt'))).status, 404);
    const batch = await kit.call<FsBatchRemoveResult>('admin', 'POST', '/admin/fs/batch-remove', {
      paths: [p('/dir/pic.png'), p('/dir/none.txt'), p('/made')],
    });
    assert.is(batch.status, 200);
    assert.equal(batch.body.data.removed, [p('/dir/pic.png'), p('/made')]);
    assert.is(batch.body.data.failed.length, 1);
    assert.is(batch.body.data.failed[0].path, p('/dir/none.txt'));
    assert.match(batch.body.data.failed[0].error, /not found/);
  });

  s('file-link: default 7 days, works without a header; expires_in past the max is 400', async () => {
    const before = Date.now();
    const link = await kit.call<FsFileLinkResult>(
      'admin',
      'GET',
      `/admin/fs/file-link?path=${q(p('/dir/a.txt'))}`,
    );
    assert.is(link.status, 200, link.body.message);
    const ttl = (Date.parse(link.body.data.expires_at) - before) / 1000;
    assert.ok(ttl > 604_700 && ttl <= 604_801, String(ttl));
    const res = await fetch(link.body.data.url);
    assert.is(res.status, 200);
    assert.is(await res.text(), 'edited ✓');
    const forced = await kit.call<FsFileLinkResult>(
      'admin',
      'GET',
      `/admin/fs/file-link?path=${q(p('/dir/a.txt'))}&expires_in=60&force_download=true`,
    );
    const f = await fetch(forced.body.data.url);
    assert.match(f.headers.get('content-disposition') ?? '', /attachment/);
    await f.arrayBuffer();
    assert.is(
      (await kit.call('admin', 'GET', `/admin/fs/file-link?path=${q(p('/dir/a.txt'))}&expires_in=604801`))
        .status,
      400,
    );
    assert.is((await kit.call('admin', 'GET', `/admin/fs/file-link?path=${q(p('/dir'))}`)).status, 400);
  });

  s('a folder of 1,001 objects lists whole through the server paging', async () => {
    const services = kit.server.app.services;
    const configId = storage === 'local' ? kit.localConfigId : kit.s3ConfigId;
    const driver = await services.storageConfigs.driverFor(configId);
    const names = Array.from({ length: 1001 }, (_, i) => `o${String(i).padStart(4, '0')}`);
    for (let i = 0; i < names.length; i += 50)
      await Promise.all(
        names
          .slice(i, i + 50)
          .map((n) =>
            driver.write(`conf-${storage}/many/${n}`, Readable.from([Buffer.from('x')]), { size: 1 }),
          ),
      );
    const first = await list(p('/many'));
    assert.is(first.body.data.items.length, 1000);
    assert.ok(first.body.data.next_cursor);
    const all = await listWhole(p('/many'));
    assert.is(all.length, 1001);
    assert.is(new Set(all.map((i) => i.name)).size, 1001);
    const small = await listWhole(p('/many'), 300);
    assert.is(small.length, 1001);
    const cached = await kit.mount({
      mount_path: `${root}-cached`,
      storage_type: storage,
      cache_ttl: 60,
      root_prefix: `conf-${storage}`,
    });
    const viaCache = await listWhole(`${root}-cached/many`, 400);
    assert.is(viaCache.length, 1001);
    assert.is(new Set(viaCache.map((i) => i.name)).size, 1001);
    await kit.call('admin', 'DELETE', `/admin/mounts/${cached.id}`);
  });

  return s;
}
