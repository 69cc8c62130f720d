// @clip-databases sqlite postgres
/**
 * Shares stored before ADR 0040 (their objects in the mount namespace) move into `.clip/shares/`: migration
 * 015 lists them, the next start moves them, and they still download; a move interrupted after any step is
 * finished by the next run, on local storage and S3.
 */
import type { ClipClient } from '@clip/sdk';
import type { Knex } from 'knex';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startApp } from '../../app.ts';
import { asView, driverOf, objectExists } from '../../routes/files/testing/fileTestKit.ts';
import { s3rverConfig } from '../../testing/index.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { until } from '../../testing/until.ts';

let server: TestServer;
let s3: TestS3;
let owner: ClipClient;
let knex: Knex;
let localConfig: string;
let s3Config: string;
test.before(async () => {
  [server, s3] = await Promise.all([startTestServer(), startS3rver()]);
  const admin = await server.adminClient();
  localConfig = (await admin.storageConfigs.list()).items.find((c) => c.provider_type === 'local')!.id;
  s3Config = (await admin.storageConfigs.create(s3rverConfig(s3, { name: 'public s3rver', is_public: true })))
    .id;
  owner = (await server.keyClient({ file: true })).client;
  knex = server.app.services.db.knex;
});
test.after(async () => {
  await server?.close();
  await s3?.close();
});

const PREFIX = '.clip/shares/';
const move = () => server.app.services.files.moveLegacyObjects();
const entries = () => knex('share_object_moves').select('share_id');
const storagePath = async (id: string): Promise<string> =>
  (await knex('file_shares').where({ id }).first('storage_path')).storage_path;

/** A share as an older server stored it: its object at `<folder>/<yyyy>/<mm>/<random>-<name>`. */
async function legacyShare(configId: string, content: string) {
  const share = await owner.files.upload(new Blob([content]), { s3_config_id: configId, path: '/docs' });
  const current = await storagePath(share.id);
  const legacy = current.slice(PREFIX.length);
  const driver = await driverOf(server, configId);
  await driver.write(legacy, (await driver.read(current)).stream);
  await driver.remove(current);
  await knex('file_shares').where({ id: share.id }).update({ storage_path: legacy });
  return { share, legacy, moved: PREFIX + legacy };
}

async function downloads(slug: string): Promise<string> {
  const view = asView(await server.client().files.getPublic(slug));
  const res = await fetch(view.download_url);
  assert.is(res.status, 200);
  return res.text();
}

test('shares stored before the upgrade move into .clip/shares on the next start, and still download', async () => {
  const shares = [
    { configId: localConfig, ...(await legacyShare(localConfig, 'old bytes on local')) },
    { configId: s3Config, ...(await legacyShare(s3Config, 'old bytes on s3')) },
  ];
  // The database as it was before migration 015.
  await knex.schema.dropTable('share_object_moves');
  await knex('knex_migrations').where({ name: '015_reserved_prefix' }).delete();

  // The next start (here a second process on the same database and storage) migrates and moves.
  const next = await startApp({ ...server.app.services.config, port: 0 });
  try {
    await until(async () => (await entries()).length === 0, 'the moves to finish');
  } finally {
    await next.close();
  }
  for (const { configId, share, legacy, moved } of shares) {
    assert.is(await storagePath(share.id), moved);
    assert.ok(await objectExists(server, configId, moved), `${moved} is there`);
    assert.not.ok(await objectExists(server, configId, legacy), `${legacy} is gone`);
  }
  assert.is(await downloads(shares[0].share.slug), 'old bytes on local');
  assert.is(await downloads(shares[1].share.slug), 'old bytes on s3');
  assert.equal(await move(), { moved: 0, waiting: 0, failed: 0 }, 'nothing is left to move');
});

/** Lists a legacy share for the move, as migration 015 does. */
async function listed(configId: string, content: string) {
  const made = await legacyShare(configId, content);
  await knex('share_object_moves').insert({
    share_id: made.share.id,
    storage_config_id: configId,
    from_path: made.legacy,
    to_path: made.moved,
  });
  return made;
}

for (const [where, configId] of [
  ['local', () => localConfig],
  ['s3', () => s3Config],
] as const) {
  test(`${where}: a move interrupted after any step is finished by the next run`, async () => {
    const id = configId();
    const driver = await driverOf(server, id);
    const copy = async (from: string, to: string) => driver.write(to, (await driver.read(from)).stream);
    // Stopped after the copy: both objects, the share still on the old one.
    const copied = await listed(id, 'copied');
    await copy(copied.legacy, copied.moved);
    // Stopped after pointing the share at the copy: the old object is still there.
    const pointed = await listed(id, 'pointed');
    await copy(pointed.legacy, pointed.moved);
    await knex('file_shares').where({ id: pointed.share.id }).update({ storage_path: pointed.moved });
    // Deleted while its move was under way: the copy is left behind.
    const deleted = await listed(id, 'deleted');
    await copy(deleted.legacy, deleted.moved);
    await owner.files.remove(deleted.share.id);
    // Still uploading: its bytes may yet land at the old key, so it waits.
    const pending = await listed(id, 'pending');
    await knex('file_shares').where({ id: pending.share.id }).update({ status: 'pending' });

    assert.equal(await move(), { moved: 3, waiting: 1, failed: 0 });
    for (const made of [copied, pointed]) {
      assert.is(await storagePath(made.share.id), made.moved);
      assert.not.ok(await objectExists(server, id, made.legacy));
      assert.is(await downloads(made.share.slug), made === copied ? 'copied' : 'pointed');
    }
    assert.not.ok(await objectExists(server, id, deleted.moved), 'the orphaned copy is removed');
    assert.equal(await entries(), [{ share_id: pending.share.id }]);
    assert.is(await storagePath(pending.share.id), pending.legacy);

    // Once its upload is done, the next run moves it too; a run after that has nothing to do.
    await knex('file_shares').where({ id: pending.share.id }).update({ status: 'ready' });
    assert.equal(await move(), { moved: 1, waiting: 0, failed: 0 });
    assert.is(await downloads(pending.share.slug), 'pending');
    assert.not.ok(await objectExists(server, id, pending.legacy));
    assert.equal(await move(), { moved: 0, waiting: 0, failed: 0 });
  });
}

test.run();
