// @clip-databases sqlite postgres
// `GET /s3-configs/{id}/folders` (issue 33 item 4): the admin picks a mount's root_prefix from the
// storage's own folders. The server's `.clip` folder is never listed nor reachable; bad paths are a
// 400, an unknown config a 404; keys and strangers reach nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rejects } from '../../testing/rejects.ts';
import { startTestServer } from '../../testing/testServer.ts';
import { type StorageConfigKit, startStorageConfigKit } from './testing/storageConfigTestKit.ts';

let kit: StorageConfigKit;
test.before(async () => {
  kit = await startStorageConfigKit(startTestServer());
});
test.after(async () => kit?.close());

/** A config with a mount over its root, so folders can be made through the file-system API. */
async function storageWithFolders(kind: 'local' | 's3') {
  const { admin } = kit;
  const config =
    kind === 'local'
      ? await admin.storageConfigs.create({ name: 'disk', provider_type: 'local', root_path: 'folders-disk' })
      : await admin.storageConfigs.create(kit.s3rverConfig({ name: 'bucket', root_path: 'folders-bucket' }));
  const mountPath = `/${kind}-root`;
  await admin.mounts.create({
    name: `${kind} root`,
    mount_path: mountPath,
    storage_type: kind === 'local' ? 'local' : 's3',
    storage_config_id: config.id,
  });
  for (const folder of ['photos', 'docs', 'docs/2026', 'docs/2025'])
    await admin.fs.mkdir(`${mountPath}/${folder}`);
  await admin.fs.upload(mountPath, new Blob(['x']), { filename: 'readme.txt' });
  // A share stored in this config puts the server's own objects under `.clip/` at its root.
  await admin.files.upload(new Blob(['shared']), { s3_config_id: config.id }, { filename: 's.txt' });
  return config.id;
}

for (const kind of ['local', 's3'] as const) {
  test(`${kind}: the folders at the root and inside a folder, sorted, without .clip or files`, async () => {
    const id = await storageWithFolders(kind);
    assert.equal(await kit.admin.storageConfigs.folders(id), {
      path: '',
      folders: ['docs', 'photos'],
      truncated: false,
    });
    assert.equal(await kit.admin.storageConfigs.folders(id, 'docs'), {
      path: 'docs',
      folders: ['2025', '2026'],
      truncated: false,
    });
    assert.equal((await kit.admin.storageConfigs.folders(id, '/docs/2026')).folders, []);
  });
}

test('bad paths are a 400 naming the problem; an unknown config is a 404', async () => {
  const id = await storageWithFolders('local').catch(
    async () => (await kit.admin.storageConfigs.list()).items[0].id,
  );
  for (const path of ['../etc', 'docs/../../x', '.clip', 'docs/.CLIP/shares']) {
    const err = await rejects(kit.admin.storageConfigs.folders(id, path));
    assert.is(err.status, 400, path);
    assert.match(err.message, /root_prefix/, path);
  }
  assert.is((await rejects(kit.admin.storageConfigs.folders('no-such-config'))).status, 404);
});

test('API keys (even with every permission) and strangers reach no storage folders', async () => {
  const id = (
    await kit.admin.storageConfigs.create({
      name: 'public disk',
      provider_type: 'local',
      root_path: 'pub',
      is_public: true,
    })
  ).id;
  const { client } = await kit.server.keyClient({ text: true, file: true, mount: true });
  assert.is((await rejects(client.storageConfigs.folders(id))).status, 403);
  assert.is((await rejects(kit.server.client().storageConfigs.folders(id))).status, 401);
});

test.run();
