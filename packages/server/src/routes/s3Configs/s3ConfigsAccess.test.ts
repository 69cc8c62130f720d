// @clip-databases sqlite postgres
import { join } from 'node:path';
import { type ClipClient, type CreateStorageConfigBody, isFullStorageConfig } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rejects } from '../../testing/rejects.ts';
import { startTestServer } from '../../testing/testServer.ts';
import { type StorageConfigKit, startStorageConfigKit } from './testing/storageConfigTestKit.ts';

let kit: StorageConfigKit;
let server: StorageConfigKit['server'];
let admin: ClipClient;
let s3rverConfig: StorageConfigKit['s3rverConfig'];
test.before(async () => {
  kit = await startStorageConfigKit(startTestServer());
  ({ server, admin, s3rverConfig } = kit);
});
test.after(async () => kit?.close());

test('API keys list public configs only, as summaries, and may change nothing', async () => {
  const hidden = await admin.storageConfigs.create(s3rverConfig({ name: 'private' }));
  const shown = await admin.storageConfigs.create(s3rverConfig({ name: 'public', is_public: true }));
  const { client } = await server.keyClient({ text: true });
  const { items, total } = await client.storageConfigs.list();
  assert.is(total, items.length);
  const ids = items.map((c) => c.id);
  assert.ok(ids.includes(shown.id));
  assert.not.ok(ids.includes(hidden.id));
  for (const item of items) {
    assert.ok(item.is_public);
    assert.not.ok(isFullStorageConfig(item));
    for (const field of [
      'endpoint_url',
      'bucket_name',
      'access_key_id',
      'root_path',
      'has_secret_access_key',
    ])
      assert.not.ok(field in item, `${field} is not shown to keys`);
  }
  assert.is((await client.storageConfigs.get(shown.id)).name, 'public');
  assert.is((await rejects(client.storageConfigs.get(hidden.id))).status, 404);
  for (const call of [
    () => client.storageConfigs.create(s3rverConfig({ name: 'by key' })),
    () => client.storageConfigs.update(shown.id, { name: 'x' }),
    () => client.storageConfigs.remove(shown.id),
    () => client.storageConfigs.setDefault(shown.id),
    () => client.storageConfigs.test(shown.id),
  ])
    assert.is((await rejects(call())).status, 403);
  assert.is((await rejects(server.client().storageConfigs.list())).status, 401);
});

test('bad input answers 400 naming the field', async () => {
  const cases: [Partial<CreateStorageConfigBody> & Record<string, unknown>, RegExp][] = [
    [{ endpoint_url: 'ftp://example.com' }, /body\.endpoint_url must be an http\(s\) URL/],
    [{ endpoint_url: 'not a url' }, /body\.endpoint_url/],
    [{ endpoint_url: 'http://user:pw@example.com' }, /body\.endpoint_url must not contain credentials/],
    [{ endpoint_url: null }, /body\.endpoint_url is required/],
    [{ bucket_name: 'Upper_Case' }, /body\.bucket_name/],
    [{ bucket_name: '192.168.1.1' }, /body\.bucket_name/],
    [{ bucket_name: null }, /body\.bucket_name is required/],
    [{ access_key_id: null }, /body\.access_key_id is required/],
    [{ secret_access_key: undefined }, /body\.secret_access_key is required/],
    [{ region: 'us east 1' }, /body\.region/],
    [{ default_folder: 'a/../../b' }, /body\.default_folder/],
    [{ custom_host: 'javascript:alert(1)' }, /body\.custom_host/],
    [{ signature_expires_in: 0 }, /body\.signature_expires_in/],
    [{ signature_expires_in: 700_000 }, /body\.signature_expires_in/],
    [{ total_storage_bytes: -1 }, /body\.total_storage_bytes/],
    [{ provider_type: 'gcs' as never }, /body\.provider_type/],
    [{ name: '   ' }, /body\.name/],
    [{ bogus: 1 }, /body\.bogus is not a known field/],
    [{ provider_type: 'local', root_path: null }, /body\.root_path is required/],
    [{ provider_type: 'local', root_path: '../outside' }, /body\.root_path/],
  ];
  for (const [patch, message] of cases) {
    const err = await rejects(
      admin.storageConfigs.create({ ...s3rverConfig(), ...patch } as CreateStorageConfigBody),
    );
    assert.is(err.status, 400, `${JSON.stringify(patch)} -> ${err.status} ${err.message}`);
    assert.match(err.message, message);
  }
  const someId = (await admin.storageConfigs.list()).items[0].id;
  assert.match((await rejects(admin.storageConfigs.update(someId, {}))).message, /at least one field/);
  assert.is((await rejects(admin.storageConfigs.update('missing', { name: 'x' }))).status, 404);
});

test('switching a config to local drops the S3 settings and the secret', async () => {
  const cfg = await admin.storageConfigs.create(s3rverConfig({ name: 'switch' }));
  const local = await admin.storageConfigs.update(cfg.id, { provider_type: 'local', root_path: 'switched' });
  assert.equal(
    [
      local.provider_type,
      local.root_path,
      local.bucket_name,
      local.access_key_id,
      local.has_secret_access_key,
    ],
    ['local', join(server.dataDir, 'switched'), null, null, false],
  );
  assert.ok((await admin.storageConfigs.test(cfg.id)).ok);
  const back = await rejects(admin.storageConfigs.update(cfg.id, { provider_type: 'minio' }));
  assert.match(back.message, /body\.endpoint_url is required/);
});

test.run();
