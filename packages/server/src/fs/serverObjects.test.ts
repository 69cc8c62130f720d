// @clip-databases sqlite postgres
/**
 * The server's own objects are out of the mount namespace (ADR 0040): a key with mount permission over a
 * whole storage cannot list, read, overwrite or remove another key's password-protected, one-view file
 * share through /api/user/fs or /dav, on local storage and S3, however it spells the path; and no mount
 * can be rooted inside the reserved folder.
 */
import { Readable } from 'node:stream';
import type { ClipClient, FsListResult, Task } from '@clip/sdk';
import { isTaskFinished } from '@clip/sdk/contract';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allObjects } from '../routes/files/testing/fileTestKit.ts';
import { s3rverConfig } from '../testing/index.ts';
import { startTestServer } from '../testing/testServer.ts';
import { until } from '../testing/until.ts';
import { basicAuth } from '../webdav/testing/davTestKit.ts';
import { type FsKit, startFsKit } from './testing/fsTestKit.ts';

let kit: FsKit;
let owner: ClipClient;
let intruder: string;
let publicS3: string;
test.before(async () => {
  kit = await startFsKit(startTestServer());
  const admin = await kit.server.adminClient();
  // Keys store shares only in public configs.
  publicS3 = (
    await admin.storageConfigs.create(s3rverConfig(kit.s3, { name: 'public s3rver', is_public: true }))
  ).id;
  // Both mounts show their storage's whole root: where the share objects are.
  await kit.mount({ mount_path: '/loc', root_prefix: '' });
  await kit.mount({ mount_path: '/s3', storage_type: 's3', storage_config_id: publicS3, cache_ttl: 0 });
  // An object right in .clip/, as the storage test's probe leaves one for a moment: s3rver lists a
  // folder only for the keys at most one level below it, so this is what shows .clip at the bucket's root.
  for (const config of [kit.localConfigId, publicS3]) {
    const driver = await kit.server.app.services.storageConfigs.driverFor(config);
    await driver.write('.clip/probe-marker.txt', Readable.from(['probe']));
  }
  owner = (await kit.server.keyClient({ file: true })).client;
  intruder = (await kit.server.keyClient({ mount: true, basic_path: '/' })).key;
});
test.after(async () => kit?.close());

const PASSWORD = 'owner-password-1';
const dav = (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${kit.server.url}/dav${path}`, {
    method,
    body: init.body,
    headers: { authorization: basicAuth(intruder, intruder), ...init.headers },
  });

for (const where of ['local', 's3'] as const) {
  test(`${where}: another key's share object cannot be listed, read or overwritten through /user/fs or /dav`, async () => {
    const mount = where === 'local' ? '/loc' : '/s3';
    const secret = `the owner's bytes on ${where}`;
    const share = await owner.files.upload(
      new Blob([secret], { type: 'text/plain' }),
      { password: PASSWORD, max_views: 1, ...(where === 's3' ? { s3_config_id: publicS3 } : {}) },
      { filename: 'secret.txt' },
    );
    const { storage_path } = await owner.files.getById(share.id);
    assert.ok(storage_path.startsWith('.clip/shares/'), storage_path);
    const object = `${mount}/${storage_path}`;
    const folder = object.slice(0, object.lastIndexOf('/'));
    const spellings = [object, object.replace('/.clip/', '/.CLIP/'), object.replace('/.clip/', '/.Clip/')];

    // Not listed, at the root or anywhere below the reserved folder.
    for (const refresh of [false, true]) {
      const root = await kit.call<FsListResult>(
        intruder,
        'GET',
        `/user/fs/list?path=${mount}&refresh=${refresh}`,
      );
      assert.is(root.status, 200, root.body.message);
      assert.not.ok(
        root.body.data.items.some((i) => i.name.toLowerCase() === '.clip'),
        JSON.stringify(root.body.data.items),
      );
    }
    for (const path of [`${mount}/.clip`, `${mount}/.clip/shares`, folder])
      assert.is(
        (await kit.call(intruder, 'GET', `/user/fs/list?path=${encodeURIComponent(path)}`)).status,
        404,
        path,
      );

    // Not readable, by any spelling or route.
    for (const path of spellings) {
      const q = encodeURIComponent(path);
      for (const call of [
        `/user/fs/download?path=${q}`,
        `/user/fs/get?path=${q}`,
        `/user/fs/file-link?path=${q}`,
      ])
        assert.is((await kit.call(intruder, 'GET', call)).status, 404, call);
      // Nor by the administrator through the file system: a share is reached through the share.
      assert.is((await kit.call('admin', 'GET', `/admin/fs/download?path=${q}`)).status, 404);
    }
    for (const path of [
      object,
      object.replace('/.clip/', '/%2Eclip/'),
      object.replace('/.clip/', '/.CLIP/'),
    ]) {
      const res = await dav('GET', path);
      assert.is(res.status, 404, `GET /dav${path}`);
      await res.body?.cancel();
    }
    const listing = await dav('PROPFIND', `${mount}/`, { headers: { depth: '1' } });
    assert.is(listing.status, 207);
    assert.not.match(await listing.text(), /\.clip/i);
    assert.is((await dav('PROPFIND', `${mount}/.clip/`, { headers: { depth: '1' } })).status, 404);

    // Not writable: overwrite, text save, upload, rename or copy onto it, remove, mkdir inside.
    await kit.call(intruder, 'POST', '/user/fs/update', { path: `${mount}/mine.txt`, content: 'attacker' });
    const form = new FormData();
    form.append('path', folder);
    form.append('file', new Blob(['attacker bytes, longer than the secret']), 'x');
    const writes: [string, string, unknown][] = [
      ['POST', '/user/fs/update', { path: object, content: 'attacker' }],
      ['POST', '/user/fs/rename', { oldPath: `${mount}/mine.txt`, newPath: object }],
      [
        'POST',
        '/user/fs/batch-copy',
        { items: [{ sourcePath: `${mount}/mine.txt`, targetPath: object }], skipExisting: false },
      ],
      ['POST', '/user/fs/mkdir', { path: `${mount}/.clip/shares/planted` }],
      ['DELETE', `/user/fs/remove?path=${encodeURIComponent(object)}`, undefined],
      ['POST', '/user/fs/batch-remove', { paths: [object] }],
      // Nor carried out of the reserved folder, by a move or a copy.
      ['POST', '/user/fs/rename', { oldPath: object, newPath: `${mount}/stolen.txt` }],
      ['POST', '/user/fs/batch-copy', { items: [{ sourcePath: object, targetPath: `${mount}/stolen.txt` }] }],
    ];
    for (const [method, path, body] of writes) {
      const res = await kit.call<{ failed?: unknown[] }>(intruder, method, path, body);
      const refused = res.status === 404 || (res.status === 200 && (res.body.data?.failed?.length ?? 0) > 0);
      assert.ok(refused, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    const upload = await kit.raw(intruder, 'POST', '/user/fs/upload', { body: form });
    assert.is(upload.status, 404, await upload.text());
    for (const path of spellings) {
      const put = await dav('PUT', path, { body: 'attacker' });
      assert.is(put.status, 404, `PUT /dav${path}`);
      await put.body?.cancel();
    }
    for (const method of ['DELETE', 'MKCOL']) {
      const res = await dav(method, method === 'DELETE' ? object : `${mount}/.clip/planted`);
      assert.is(res.status, 404, `${method} /dav`);
    }
    const move = await dav('MOVE', `${mount}/mine.txt`, {
      headers: { destination: `${kit.server.url}/dav${object}`, overwrite: 'T' },
    });
    assert.is(move.status, 404, 'MOVE onto the share object');
    for (const method of ['COPY', 'MOVE']) {
      const res = await dav(method, object, {
        headers: { destination: `${kit.server.url}/dav${mount}/stolen.txt` },
      });
      assert.is(res.status, 404, `${method} out of the reserved folder`);
    }
    const stolen = await kit.call(intruder, 'GET', `/user/fs/get?path=${mount}/stolen.txt`);
    assert.is(stolen.status, 404, 'nothing was carried out');

    // The owner's one view still serves the owner's bytes.
    const view = await kit.server.client().files.verify(share.slug, PASSWORD);
    const res = await fetch(view.download_url);
    assert.is(res.status, 200);
    assert.is(res.headers.get('content-length'), String(Buffer.byteLength(secret)));
    assert.is(await res.text(), secret);
  });
}

test("a mount over a parent of another storage's root cannot reach that storage's shares either", async () => {
  const admin = await kit.server.adminClient();
  const s3 = kit.s3;
  // Two configs inside the ones mounted at /loc and /s3: a directory below the local root, a folder of the bucket.
  const inner = [
    await admin.storageConfigs.create({
      name: 'inner local',
      provider_type: 'local',
      root_path: 'storage/inner',
      is_public: true,
    }),
    await admin.storageConfigs.create(
      s3rverConfig(s3, { name: 'inner s3', default_folder: 'inner', is_public: true }),
    ),
  ];
  for (const [config, mount] of [
    [inner[0], '/loc'],
    [inner[1], '/s3'],
  ] as const) {
    const share = await owner.files.upload(
      new Blob(['inner bytes']),
      { s3_config_id: config.id },
      { filename: 'in.txt' },
    );
    const { storage_path } = await owner.files.getById(share.id);
    const listed = await kit.call<FsListResult>(
      intruder,
      'GET',
      `/user/fs/list?path=${mount}/inner&refresh=true`,
    );
    assert.is(listed.status, 200, listed.body.message);
    assert.equal(
      listed.body.data.items.map((i) => i.name),
      [],
      `${mount}/inner shows nothing`,
    );
    const object = encodeURIComponent(`${mount}/inner/${storage_path}`);
    assert.is((await kit.call(intruder, 'GET', `/user/fs/download?path=${object}`)).status, 404);
    const put = await dav('PUT', `${mount}/inner/${storage_path}`, { body: 'attacker' });
    assert.is(put.status, 404);
  }
});

test('copying a whole mount (a task across storages) leaves the share objects behind', async () => {
  const copy = await kit.call<{ task_id: string }>(intruder, 'POST', '/user/fs/batch-copy', {
    items: [{ sourcePath: '/s3', targetPath: '/loc/from-s3' }],
  });
  assert.is(copy.status, 202, copy.body.message);
  await until(async () => {
    const task = await kit.call<Task>(intruder, 'GET', `/user/tasks/${copy.body.data.task_id}`);
    return isTaskFinished(task.body.data.status);
  }, 'the copy task');
  const task = await kit.call<Task>(intruder, 'GET', `/user/tasks/${copy.body.data.task_id}`);
  assert.is(task.body.data.status, 'completed', JSON.stringify(task.body.data));
  const local = await kit.server.app.services.storageConfigs.driverFor(kit.localConfigId);
  const copied = await allObjects(local, 'from-s3');
  assert.ok(copied.includes('from-s3/mine.txt'), copied.join(', '));
  assert.not.ok(
    copied.some((path) => /\.clip/i.test(path)),
    copied.join(', '),
  );
});

test('a mount cannot be rooted inside the reserved folder, by create or update (400)', async () => {
  for (const root_prefix of ['.clip', '.clip/shares', '.CLIP/shares/2026', 'team/.clip', '/.clip/uploads']) {
    const res = await kit.call('admin', 'POST', '/admin/mounts', {
      name: 'into the reserved folder',
      mount_path: '/reserved',
      storage_type: 'local',
      storage_config_id: kit.localConfigId,
      root_prefix,
    });
    assert.is(res.status, 400, `${root_prefix}: ${res.body.message}`);
    assert.match(res.body.message, /root_prefix .*reserved/);
  }
  const made = await kit.mount({ mount_path: '/ordinary', root_prefix: 'ordinary' });
  const res = await kit.call('admin', 'PUT', `/admin/mounts/${made.id}`, { root_prefix: '.clip/shares' });
  assert.is(res.status, 400, res.body.message);
});

test.run();
