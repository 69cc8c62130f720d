// @clip-databases sqlite postgres
import { ClipError, type DashboardStats } from '@clip/sdk';
import knexFactory from 'knex';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../../clock.ts';
import { utcDay } from '../../services/activity.ts';
import { recordView } from '../../services/activityStore.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { until } from '../../testing/until.ts';

const DAY = 86_400_000;
let server: TestServer;
// Expiry is judged by the server's clock: the test moves it forward instead of waiting.
// Noon UTC of today: the test counts per day, and a run near midnight would see its reads land on
// two days (the clock also moves 61 s ahead).
const noon = new Date();
noon.setUTCHours(12, 0, 0, 0);
const clock = offsetClock(noon.getTime());
test.before(async () => {
  server = await startTestServer({}, { clock });
});
test.after(async () => server?.close());

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (err) {
    assert.instance(err, ClipError);
    return (err as ClipError).status;
  }
  return 200;
}

const dayOf = (stats: DashboardStats, date: string) => stats.activity.find((d) => d.date === date);

test('an empty server answers zeros and a 7-day series ending today', async () => {
  const admin = await server.adminClient();
  const stats = await admin.dashboard.stats();
  assert.equal(stats.text_shares, { total: 0, active: 0, expired: 0 });
  assert.equal(stats.api_keys, { total: 0, active: 0, expired: 0 });
  assert.is(stats.activity.length, 7);
  assert.is(stats.activity[6].date, utcDay(clock.now()));
  assert.is(stats.activity[0].date, utcDay(clock.now() - 6 * DAY));
  for (const d of stats.activity)
    assert.equal([d.text_created, d.file_created, d.text_views, d.file_views], [0, 0, 0, 0]);
});

test('counts, active/expired split and the 7-day series from known data', async () => {
  const admin = await server.adminClient();
  const { client: key } = await server.keyClient({ text: true });
  // An API key that expires shortly after creation, to be counted as expired.
  await admin.apiKeys.create({
    name: 'short-lived',
    text_permission: true,
    expires_at: new Date(clock.now() + 60_000).toISOString(),
  });

  const created = [
    await admin.pastes.create({ content: 'one' }),
    await admin.pastes.create({ content: 'two', remark: 'r' }),
    await key.pastes.create({ content: 'by a key' }),
    // Used up after its single view.
    await admin.pastes.create({ content: 'read once', max_views: 1 }),
    // Expires in 36 s (server time).
    await admin.pastes.create({ content: 'soon gone', expires_in: 0.01 }),
  ];
  // A reader uses up its single view (the owner's own reads count none).
  await server.client().pastes.get(created[3].slug);
  // Counted views: two open reads, one raw read, one password unlock; a locked probe counts nothing.
  await server.client().pastes.get(created[0].slug);
  await server.client().pastes.raw(created[1].slug);
  const locked = await admin.pastes.create({ content: 'secret', password: 'pw-123456' });
  await server.client().pastes.get(locked.slug);
  await server.client().pastes.unlock(locked.slug, 'pw-123456');
  // Past both expiries (the key's 60 s, the share's 36 s).
  clock.advance(61_000);

  // Views are recorded without holding up the read: wait until the last one has landed.
  await until(async () => (await admin.dashboard.stats()).activity[6].text_views >= 4, 'four text views');
  const stats = await admin.dashboard.stats();
  assert.equal(stats.text_shares, { total: 6, active: 4, expired: 2 });
  // Two keys: the test key (never expires) and the short-lived one.
  assert.equal(stats.api_keys, { total: 2, active: 1, expired: 1 });
  const today = utcDay(Date.parse(created[0].created_at));
  assert.is(dayOf(stats, today)?.text_created, 6);
  assert.is(dayOf(stats, today)?.text_views, 4);
  assert.is(dayOf(stats, today)?.file_views, 0);
  assert.is(
    stats.activity.reduce((n, d) => n + d.text_created, 0),
    6,
    'nothing counted outside the day it happened',
  );
});

test('the window moves with time: today is day 4 of 7 two days on, and gone after a week', async () => {
  const { dashboard } = server.app.services;
  const now = clock.now();
  const later = await dashboard.stats(now + 2 * DAY);
  assert.is(later.activity[4].date, utcDay(now));
  assert.is(later.activity[4].text_created, 6);
  assert.is(later.activity[6].text_created, 0);
  const weekOn = await dashboard.stats(now + 7 * DAY);
  assert.is(
    weekOn.activity.reduce((n, d) => n + d.text_created, 0),
    0,
  );
});

test('views per day come from the activity counter, by kind and day', async () => {
  const { knex } = server.app.services.db;
  const now = clock.now();
  for (let i = 0; i < 3; i++) await recordView(knex, 'text', { now: now - 2 * DAY });
  await recordView(knex, 'file', { now: now - 2 * DAY });
  await recordView(knex, 'file', { now: now - 6 * DAY });
  // Outside the window: not shown.
  await recordView(knex, 'text', { now: now - 7 * DAY });
  const stats = await (await server.adminClient()).dashboard.stats();
  const twoAgo = dayOf(stats, utcDay(now - 2 * DAY));
  assert.equal([twoAgo?.text_views, twoAgo?.file_views], [3, 1]);
  assert.is(stats.activity[0].file_views, 1);
  assert.is(dayOf(stats, utcDay(now))?.text_views, 4, 'today still shows the views read through the API');
  assert.is(
    stats.activity.reduce((n, d) => n + d.text_views, 0),
    3 + 4,
  );
});

test('recording a view never throws, even when the database refuses', async () => {
  // A database without the activity table stands in for any failure (locked, gone, read-only).
  const bare = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: ':memory:' },
    useNullAsDefault: true,
  });
  const warnings: string[] = [];
  try {
    await recordView(bare, 'text', { warn: (_o, msg) => warnings.push(msg) });
  } finally {
    await bare.destroy();
  }
  assert.equal(warnings, ['could not record a share view']);
});

test('only the admin reads the dashboard', async () => {
  const { client: key } = await server.keyClient({ text: true, file: true, mount: true });
  assert.is(await status(key.dashboard.stats()), 403);
  assert.is(await status(server.client().dashboard.stats()), 401);
});

test('cache clear answers how many entries registered caches dropped, scoped by who asks', async () => {
  const admin = await server.adminClient();
  const { client: key } = await server.keyClient({ mount: true, basic_path: '/team' });
  assert.equal(await admin.dashboard.clearCache(), { cleared: 0 });

  const entries = new Map([
    ['/team/a', 1],
    ['/team/b', 2],
    ['/other/c', 3],
  ]);
  const unregister = server.app.services.caches.register({
    name: 'test-listings',
    clear(actor) {
      let n = 0;
      for (const path of [...entries.keys()]) {
        if (actor.kind === 'admin' || (actor.kind === 'apikey' && path.startsWith(`${actor.basicPath}/`))) {
          entries.delete(path);
          n++;
        }
      }
      return n;
    },
  });
  try {
    assert.equal(await key.dashboard.clearCache(), { cleared: 2 });
    assert.equal([...entries.keys()], ['/other/c']);
    assert.equal(await admin.dashboard.clearCache(), { cleared: 1 });
    assert.is(entries.size, 0);
  } finally {
    unregister();
  }
  assert.is(await status(server.client().dashboard.clearCache()), 401);
  const raw = await fetch(`${server.url}/api/admin/cache/clear`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${(await server.keyClient({ text: true })).key}` },
  });
  assert.is(raw.status, 403);
});

test('file shares: counts, storage usage per config against its capacity, file views per day', async () => {
  const admin = await server.adminClient();
  const { client: key } = await server.keyClient({ file: true });
  const local = (await admin.storageConfigs.list()).items.find((c) => c.is_default);
  assert.ok(local, 'the embedded local config');
  await admin.storageConfigs.update(local.id, { total_storage_bytes: 1_000_000 });
  const second = await admin.storageConfigs.create({
    name: 'second',
    provider_type: 'local',
    root_path: 'second',
  });
  const a = await admin.files.upload(new Blob([new Uint8Array(1000)]), {}, { filename: 'a.bin' });
  const b = await key.files.upload(new Blob([new Uint8Array(2500)]), { max_views: 1 }, { filename: 'b.bin' });
  await admin.files.upload(
    new Blob([new Uint8Array(700)]),
    { s3_config_id: second.id },
    { filename: 'c.bin' },
  );
  // b is used up by its one view; a is read twice.
  await server.client().files.getPublic(b.slug);
  await server.client().files.getPublic(a.slug);
  await server.client().files.getPublic(a.slug);

  await until(async () => (await admin.dashboard.stats()).activity[6].file_views >= 3, 'three file views');
  const stats = await admin.dashboard.stats();
  assert.equal(stats.file_shares, { total: 3, active: 2, expired: 1 });
  assert.is(stats.storage_configs, 2);
  const usage = (name: string) => stats.storage.find((u) => u.name === name);
  assert.equal(usage(local.name), {
    storage_config_id: local.id,
    name: local.name,
    provider_type: 'local',
    is_default: true,
    used_bytes: 3500,
    file_count: 2,
    total_bytes: 1_000_000,
  });
  assert.equal(
    [usage('second')?.used_bytes, usage('second')?.file_count, usage('second')?.total_bytes],
    [700, 1, null],
  );
  assert.is(stats.storage[0].name, local.name, 'the default config comes first');
  const today = dayOf(stats, utcDay(clock.now()));
  assert.equal([today?.file_created, today?.file_views], [3, 3]);
});

test('the history counts creations: sweeping expired and used-up shares leaves it as it was', async () => {
  const admin = await server.adminClient();
  const today = utcDay(clock.now());
  const before = dayOf(await admin.dashboard.stats(), today);
  await admin.pastes.create({ content: 'gone in 36 s', expires_in: 0.01 });
  const once = await admin.pastes.create({ content: 'read once', max_views: 1 });
  await server.client().pastes.get(once.slug);
  const file = await admin.files.upload(new Blob(['x']), { max_views: 1 }, { filename: 'once.bin' });
  await server.client().files.getPublic(file.slug);
  // A file's view reaches the day's tally after its answer (recordView is not awaited on the read path).
  let made: DashboardStats | undefined;
  await until(async () => {
    made = await admin.dashboard.stats();
    return dayOf(made, today)?.file_views === (before?.file_views ?? 0) + 1;
  }, "the file's view in the day's tally");
  if (!made) throw new Error('no stats read');
  assert.is(dayOf(made, today)?.text_created, (before?.text_created ?? 0) + 2);
  assert.is(dayOf(made, today)?.file_created, (before?.file_created ?? 0) + 1);

  // Two hours on (still today): the text share has expired, the used-up file's last links have lapsed.
  clock.advance(2 * 3_600_000);
  const { sweepPastes, sweepFiles } = server.app.services;
  assert.ok((await sweepPastes()).deleted >= 2, 'the text shares are swept');
  assert.ok((await sweepFiles()).deleted >= 1, 'the used-up file share is swept');
  const swept = await admin.dashboard.stats();
  assert.ok(swept.text_shares.total < made.text_shares.total, 'fewer text shares survive');
  assert.ok(swept.file_shares.total < made.file_shares.total, 'fewer file shares survive');
  assert.equal(swept.activity, made.activity, 'the history is what was created, swept or not');
});

test.run();
