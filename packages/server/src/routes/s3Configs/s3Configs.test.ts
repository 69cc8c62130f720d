import { join } from 'node:path';
import {
  type ClipClient,
  ClipError,
  type CreateStorageConfigBody,
  isFullStorageConfig,
  type StorageConfig,
} from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canPresign } from '../../storage/driver.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';

let server: TestServer;
let s3: TestS3;
let admin: ClipClient;
test.before(async () => {
  [server, s3] = await Promise.all([startTestServer(), startS3rver()]);
  admin = await server.adminClient();
});
test.after(async () => {
  await server?.close();
  await s3?.close();
});

async function failure(p: Promise<unknown>): Promise<ClipError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ClipError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

const s3rverConfig = (extra: Partial<CreateStorageConfigBody> = {}): CreateStorageConfigBody => ({
  name: 's3rver',
  provider_type: 'minio',
  endpoint_url: s3.endpoint,
  bucket_name: s3.bucket,
  access_key_id: s3.accessKeyId,
  secret_access_key: s3.secretAccessKey,
  ...extra,
});

test('first start: a public local config at <dataDir>/storage is the default, and its driver writes there', async () => {
  const { items } = await admin.storageConfigs.list();
  const local = items.find((c) => c.provider_type === 'local') as StorageConfig;
  assert.ok(local);
  assert.equal(
    [local.name, local.is_default, local.is_public, local.root_path, local.proxy_downloads],
    ['Local storage', true, true, join(server.dataDir, 'storage'), true],
  );
  const defaults = await server.app.services.storageConfigs.defaultConfig();
  assert.is(defaults?.id, local.id);
  const driver = await server.app.services.storageConfigs.driverFor(local.id);
  assert.is(driver.type, 'local');
  assert.is(await server.app.services.storageConfigs.driverFor(local.id), driver, 'the driver is reused');
});

test('an S3 config is created, read, updated and tested against s3rver; the secret never comes back', async () => {
  const created = await admin.storageConfigs.create(s3rverConfig({ default_folder: '/team/files/' }));
  assert.equal(
    [
      created.provider_type,
      created.path_style,
      created.region,
      created.default_folder,
      created.has_secret_access_key,
    ],
    ['minio', true, 'us-east-1', 'team/files', true],
  );
  assert.is(created.is_default, false);
  assert.not.ok('secret_access_key' in created);
  const fetched = await admin.storageConfigs.get(created.id);
  assert.ok(isFullStorageConfig(fetched));
  assert.is(fetched.bucket_name, s3.bucket);

  const result = await admin.storageConfigs.test(created.id);
  assert.equal(
    result.steps.map((s) => [s.name, s.ok]),
    [
      ['list', true],
      ['write', true],
      ['read', true],
      ['delete', true],
    ],
  );
  assert.ok(result.ok);
  assert.ok(result.steps.every((s) => typeof s.ms === 'number' && s.message.length > 0));

  // The probe went below the default folder and was removed again.
  const driver = await server.app.services.storageConfigs.driverFor(created.id);
  assert.equal((await driver.list('')).entries, []);
  assert.ok(canPresign(driver));

  const renamed = await admin.storageConfigs.update(created.id, { name: 'renamed', is_public: true });
  assert.equal([renamed.name, renamed.is_public, renamed.has_secret_access_key], ['renamed', true, true]);
  assert.ok((await admin.storageConfigs.test(created.id)).ok, 'the kept secret still works');
  const next = await server.app.services.storageConfigs.driverFor(created.id);
  assert.is.not(next, driver, 'a changed config gets a fresh driver');
});

test('the secret is sealed in the database and absent from every GET', async () => {
  const secret = 'Very-Distinct-Secret-7f3a9c';
  const created = await admin.storageConfigs.create(
    s3rverConfig({ name: 'sealed', secret_access_key: secret }),
  );
  const raw = await server.app.services.db.knex('storage_configs').where({ id: created.id }).first();
  assert.not.ok(JSON.stringify(raw).includes(secret));
  assert.match(raw.secret_access_key_sealed, /^v1\./);
  for (const answer of [
    await admin.storageConfigs.list(),
    await admin.storageConfigs.get(created.id),
    await admin.storageConfigs.update(created.id, { secret_access_key: `${secret}-2` }),
  ])
    assert.not.ok(JSON.stringify(answer).includes(secret));
  const after = await server.app.services.db.knex('storage_configs').where({ id: created.id }).first();
  assert.not.ok(JSON.stringify(after).includes(secret));
  assert.is.not(after.secret_access_key_sealed, raw.secret_access_key_sealed);
});

test('a refused endpoint, an unknown access key and a missing bucket report the failing step, not a 500', async () => {
  const refused = await admin.storageConfigs.create(
    s3rverConfig({ name: 'refused', endpoint_url: 'http://127.0.0.1:1' }),
  );
  const r1 = await admin.storageConfigs.test(refused.id);
  assert.is(r1.ok, false);
  assert.equal(
    r1.steps.map((s) => [s.name, s.ok]),
    [
      ['list', false],
      ['write', false],
      ['read', false],
      ['delete', false],
    ],
  );
  assert.match(r1.steps[0].message, /ECONNREFUSED/);
  assert.match(r1.steps[1].message, /skipped/);

  // s3rver checks the access key id (it does not verify SigV4 signatures).
  const wrongKey = await admin.storageConfigs.create(
    s3rverConfig({ name: 'wrong', access_key_id: 'NOT-A-KEY' }),
  );
  const r2 = await admin.storageConfigs.test(wrongKey.id);
  assert.is(r2.steps[0].ok, false);
  assert.match(r2.steps[0].message, /InvalidAccessKeyId \(HTTP 403\)/);

  const noBucket = await admin.storageConfigs.create(
    s3rverConfig({ name: 'nobucket', bucket_name: 'no-such-bucket' }),
  );
  const r3 = await admin.storageConfigs.test(noBucket.id);
  assert.match(r3.steps[0].message, /NoSuchBucket/);
});

test('set-default leaves exactly one default, even when requests race', async () => {
  const ids = [];
  for (const name of ['a', 'b', 'c'])
    ids.push((await admin.storageConfigs.create(s3rverConfig({ name }))).id);
  await Promise.all(
    ids.flatMap((id) => [admin.storageConfigs.setDefault(id), admin.storageConfigs.setDefault(id)]),
  );
  const defaults = (await admin.storageConfigs.list()).items.filter((c) => c.is_default);
  assert.is(defaults.length, 1);
  const chosen = await admin.storageConfigs.setDefault(ids[1]);
  assert.is(chosen.is_default, true);
  assert.equal(
    (await admin.storageConfigs.list()).items.filter((c) => c.is_default).map((c) => c.id),
    [ids[1]],
  );
  assert.is((await server.app.services.storageConfigs.defaultConfig())?.id, ids[1]);
  const created = await admin.storageConfigs.create(s3rverConfig({ name: 'd', is_default: true }));
  assert.equal(
    (await admin.storageConfigs.list()).items.filter((c) => c.is_default).map((c) => c.id),
    [created.id],
  );
  assert.is((await failure(admin.storageConfigs.setDefault('nope'))).status, 404);
});

test('delete: gone afterwards; refused while it is the default or file shares use it', async () => {
  const doomed = await admin.storageConfigs.create(s3rverConfig({ name: 'doomed' }));
  await admin.storageConfigs.remove(doomed.id);
  assert.is((await failure(admin.storageConfigs.get(doomed.id))).status, 404);
  assert.is((await failure(admin.storageConfigs.remove(doomed.id))).status, 404);

  const current = (await admin.storageConfigs.list()).items.find((c) => c.is_default)!;
  const isDefault = await failure(admin.storageConfigs.remove(current.id));
  assert.equal([isDefault.status, isDefault.code], [409, 'IN_USE']);

  const used = await admin.storageConfigs.create(s3rverConfig({ name: 'used' }));
  const knex = server.app.services.db.knex;
  assert.ok(await knex.schema.hasTable('file_shares'));
  const now = Date.now();
  for (const n of [1, 2])
    await knex('file_shares').insert({
      id: `fs-${n}-${used.id}`,
      slug: `slug${n}${now}`,
      filename: 'f.txt',
      mimetype: 'text/plain',
      storage_path: `f${n}.txt`,
      s3_config_id: used.id,
      created_by: 'admin',
      created_at: now,
      updated_at: now,
    });
  const inUse = await failure(admin.storageConfigs.remove(used.id));
  assert.equal([inUse.status, inUse.code], [409, 'IN_USE']);
  assert.match(inUse.message, /2 file shares/);
  await knex('file_shares').where({ s3_config_id: used.id }).delete();
  await admin.storageConfigs.remove(used.id);
});

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
  assert.is((await failure(client.storageConfigs.get(hidden.id))).status, 404);
  for (const call of [
    () => client.storageConfigs.create(s3rverConfig({ name: 'by key' })),
    () => client.storageConfigs.update(shown.id, { name: 'x' }),
    () => client.storageConfigs.remove(shown.id),
    () => client.storageConfigs.setDefault(shown.id),
    () => client.storageConfigs.test(shown.id),
  ])
    assert.is((await failure(call())).status, 403);
  assert.is((await failure(server.client().storageConfigs.list())).status, 401);
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
    const err = await failure(
      admin.storageConfigs.create({ ...s3rverConfig(), ...patch } as CreateStorageConfigBody),
    );
    assert.is(err.status, 400, `${JSON.stringify(patch)} -> ${err.status} ${err.message}`);
    assert.match(err.message, message);
  }
  const someId = (await admin.storageConfigs.list()).items[0].id;
  assert.match((await failure(admin.storageConfigs.update(someId, {}))).message, /at least one field/);
  assert.is((await failure(admin.storageConfigs.update('missing', { name: 'x' }))).status, 404);
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
  const back = await failure(admin.storageConfigs.update(cfg.id, { provider_type: 'minio' }));
  assert.match(back.message, /body\.endpoint_url is required/);
});

test.run();
