// @clip-databases sqlite postgres
import { join } from 'node:path';
import { type ClipClient, isFullStorageConfig, type StorageConfig } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canMkdir, canPresign } from '../../storage/driver.ts';
import { rejects } from '../../testing/rejects.ts';
import { startTestServer } from '../../testing/testServer.ts';
import { type StorageConfigKit, startStorageConfigKit } from './testing/storageConfigTestKit.ts';

let kit: StorageConfigKit;
let server: StorageConfigKit['server'];
let s3: StorageConfigKit['s3'];
let admin: ClipClient;
let s3rverConfig: StorageConfigKit['s3rverConfig'];
test.before(async () => {
  kit = await startStorageConfigKit(startTestServer());
  ({ server, s3, admin, s3rverConfig } = kit);
});
test.after(async () => kit?.close());

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
  assert.is((await rejects(admin.storageConfigs.setDefault('nope'))).status, 404);
});

test('delete: gone afterwards; refused while it is the default or file shares use it', async () => {
  const doomed = await admin.storageConfigs.create(s3rverConfig({ name: 'doomed' }));
  await admin.storageConfigs.remove(doomed.id);
  assert.is((await rejects(admin.storageConfigs.get(doomed.id))).status, 404);
  assert.is((await rejects(admin.storageConfigs.remove(doomed.id))).status, 404);

  const current = (await admin.storageConfigs.list()).items.find((c) => c.is_default)!;
  const isDefault = await rejects(admin.storageConfigs.remove(current.id));
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
  const inUse = await rejects(admin.storageConfigs.remove(used.id));
  assert.equal([inUse.status, inUse.code], [409, 'IN_USE']);
  assert.match(inUse.message, /2 file shares/);
  await knex('file_shares').where({ s3_config_id: used.id }).delete();
  await admin.storageConfigs.remove(used.id);
});

test('the connection test counts what it listed in words that agree: 1 entry, 2 entries', async () => {
  // A fresh config per count: the probe itself leaves the server's .clip folder at the root.
  const listedWith = async (folders: string[]) => {
    const root = folders.join('-');
    const config = await admin.storageConfigs.create({ name: root, provider_type: 'local', root_path: root });
    const driver = await server.app.services.storageConfigs.driverFor(config.id);
    assert.ok(canMkdir(driver), 'a local driver makes folders');
    for (const folder of folders) await driver.mkdir(folder);
    return (await admin.storageConfigs.test(config.id)).steps[0].message;
  };
  assert.is(await listedWith(['one']), 'listed 1 entry at the root');
  assert.is(await listedWith(['one', 'two']), 'listed 2 entries at the root');
});

test.run();
