// @clip-databases sqlite postgres
import { type ClipClient, PASTE_PREVIEW_CHARS, type PasteListItem, type PasteRecord } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../../../clock.ts';
import { startTestServer, type TestServer } from '../../../testing/testServer.ts';
import { call, rejects } from '../testing/pasteTestKit.ts';

let server: TestServer;
let admin: ClipClient;
let bearer: string;
let keyA: { client: ClipClient; id: string; key: string };
let keyB: { client: ClipClient; id: string; key: string };
const mineA: PasteRecord[] = [];
const mineB: PasteRecord[] = [];

// Moved forward between records so their times differ (and their order is defined) without waiting.
const clock = offsetClock();

test.before(async () => {
  server = await startTestServer({}, { clock });
  admin = await server.adminClient();
  bearer = `Bearer ${await server.adminToken()}`;
  keyA = await server.keyClient({ text: true });
  keyB = await server.keyClient({ text: true });
  for (let i = 0; i < 3; i++) {
    const c = await keyA.client.pastes.create({ content: `alpha body ${i}`, remark: `A remark ${i}` });
    mineA.push(await admin.pastes.getById(c.id));
    // Distinct creation times so the order is defined.
    clock.advance(3);
  }
  for (let i = 0; i < 2; i++) {
    const c = await keyB.client.pastes.create({ content: `beta body ${i}`, slug: `beta-${i}` });
    mineB.push(await admin.pastes.getById(c.id));
    clock.advance(3);
  }
  for (let i = 0; i < 8; i++) {
    await admin.pastes.create({
      content: `admin body ${i}`,
      title: i === 7 ? '100% sure_thing' : (null as never),
    });
    clock.advance(3);
  }
});
test.after(async () => server?.close());

test('admin lists everything by page and limit (10 by default), newest first', async () => {
  const res = await call<{ items: PasteRecord[]; total: number; page: number; limit: number }>(
    server,
    'GET',
    '/admin/pastes',
    { auth: bearer },
  );
  assert.is(res.status, 200);
  const { items, total, page, limit } = res.body.data;
  assert.equal([total, page, limit, items.length], [13, 1, 10, 10]);
  assert.equal(Object.keys(res.body.data).sort(), ['items', 'limit', 'page', 'total']);
  const times = items.map((p) => Date.parse(p.created_at));
  assert.equal(
    times,
    [...times].sort((a, b) => b - a),
  );
  const second = await admin.pastes.list({ page: 2 });
  assert.equal([second.items.length, second.page, second.limit], [3, 2, 10]);
  const asc = await admin.pastes.list({ order: 'asc', limit: 2 });
  assert.equal(
    asc.items.map((p) => p.id),
    [mineA[0].id, mineA[1].id],
  );
  // Admin may page by offset too; the answer echoes what was asked.
  const byOffset = await admin.pastes.list({ offset: 12, limit: 5 });
  assert.equal(
    [byOffset.items.length, byOffset.offset, byOffset.limit, byOffset.page],
    [1, 12, 5, undefined],
  );
  const record = items[0];
  assert.is(record.url, `${server.url}/paste/${record.slug}`);
  assert.is(record.raw_url, `${server.url}/api/raw/${record.slug}`);
  assert.ok('preview' in record && 'updated_at' in record && 'created_by' in record);
  assert.not.ok('password_hash' in record);
});

test('lists carry a short preview, never the text; a protected share has no preview at all', async () => {
  const long = await admin.pastes.create({ content: `${'ü'.repeat(200)} tail-marker` });
  const locked = await admin.pastes.create({ content: 'locked-secret-text', password: 'pw-list' });
  const short = await admin.pastes.create({ content: 'short one' });
  const res = await fetch(`${server.url}/api/admin/pastes?limit=100`, {
    headers: { authorization: `Bearer ${await server.adminToken()}` },
  });
  const raw = await res.text();
  assert.not.ok(raw.includes('locked-secret-text'), 'a protected share leaks through the list');
  assert.not.ok(raw.includes('tail-marker'), 'the list carries whole texts');
  const items = (JSON.parse(raw) as { data: { items: PasteListItem[] } }).data.items;
  const byId = new Map(items.map((p) => [p.id, p]));
  for (const item of items) assert.not.ok('content' in item);
  assert.is(byId.get(long.id)?.preview, `${'ü'.repeat(PASTE_PREVIEW_CHARS)}…`);
  assert.is(byId.get(locked.id)?.preview, null);
  assert.is(byId.get(locked.id)?.has_password, true);
  assert.is(byId.get(short.id)?.preview, 'short one');
  // The item endpoint answers the whole text, to its owner.
  assert.is((await admin.pastes.getById(locked.id)).content, 'locked-secret-text');
  assert.ok((await admin.pastes.getById(long.id)).content.endsWith('tail-marker'));
  // A key's list (offset paging) follows the same rule.
  const mine = await keyA.client.pastes.create({ content: 'key text', password: 'k-pw' });
  const keyItems = (await keyA.client.pastes.list({ limit: 100 })).items;
  const keyLocked = keyItems.find((p) => p.id === mine.id);
  assert.ok(keyLocked && keyLocked.preview === null && !('content' in keyLocked));
  for (const id of [long.id, locked.id, short.id, mine.id]) await admin.pastes.remove(id);
});

test('lists search slug, title, remark and content; wildcard characters match literally', async () => {
  assert.is((await admin.pastes.list({ search: 'beta-1' })).total, 1);
  assert.is((await admin.pastes.list({ search: 'A REMARK' })).total, 3);
  assert.is((await admin.pastes.list({ search: 'admin body' })).total, 8);
  assert.is((await admin.pastes.list({ search: '100%' })).total, 1);
  assert.is((await admin.pastes.list({ search: 'sure_thing' })).total, 1);
  assert.is((await admin.pastes.list({ search: '%' })).total, 1);
  assert.is((await admin.pastes.list({ search: '_' })).total, 1);
  assert.is((await keyA.client.pastes.list({ search: 'beta' })).total, 0);
});

test('a key lists only its own shares by limit and offset (10 by default)', async () => {
  const res = await call<{ items: PasteRecord[]; total: number; limit: number; offset: number }>(
    server,
    'GET',
    '/user/pastes',
    { auth: `ApiKey ${keyA.key}` },
  );
  assert.equal(Object.keys(res.body.data).sort(), ['items', 'limit', 'offset', 'total']);
  assert.equal([res.body.data.total, res.body.data.limit, res.body.data.offset], [3, 10, 0]);
  assert.ok(res.body.data.items.every((p) => p.created_by === `apikey:${keyA.id}`));
  const page = await keyA.client.pastes.list({ limit: 2, offset: 2, order: 'asc' });
  assert.equal(
    page.items.map((p) => p.id),
    [mineA[2].id],
  );
  const bad = await call(server, 'GET', '/user/pastes?order=sideways', { auth: `ApiKey ${keyA.key}` });
  assert.equal([bad.status, /query\.order/.test(bad.body.message)], [400, true]);
  const both = await call(server, 'GET', '/user/pastes?page=1&offset=0', { auth: `ApiKey ${keyA.key}` });
  assert.is(both.status, 400);
});

test("a key cannot read, change or delete another creator's share: 404, nothing revealed", async () => {
  const theirs = mineB[0];
  for (const attempt of [
    () => keyA.client.pastes.getById(theirs.id),
    () => keyA.client.pastes.update(theirs.id, { content: 'hijacked' }),
    () => keyA.client.pastes.remove(theirs.id),
  ]) {
    const err = await rejects(attempt());
    assert.is(err.status, 404);
  }
  const unknown = await rejects(keyA.client.pastes.getById('no-such-id'));
  assert.is(
    unknown.message.replace('no-such-id', theirs.id),
    (await rejects(keyA.client.pastes.getById(theirs.id))).message,
  );
  const batch = await keyA.client.pastes.batchDelete([theirs.id, mineB[1].id]);
  assert.equal(batch, {
    deleted: 0,
    failed: [
      { id: theirs.id, message: 'not found' },
      { id: mineB[1].id, message: 'not found' },
    ],
  });
  const still = await admin.pastes.getById(theirs.id);
  assert.is(still.content, 'beta body 0');
  // The owner reads its own through the management API.
  assert.is((await keyB.client.pastes.getById(theirs.id)).slug, 'beta-0');
});

test('management needs the right caller: anonymous 401, key without text 403, key on admin routes 403', async () => {
  assert.is((await call(server, 'GET', '/user/pastes')).status, 401);
  assert.is((await call(server, 'GET', '/admin/pastes')).status, 401);
  const noText = await server.keyClient({ file: true });
  assert.is((await call(server, 'GET', '/user/pastes', { auth: `ApiKey ${noText.key}` })).status, 403);
  assert.is((await call(server, 'GET', '/admin/pastes', { auth: `ApiKey ${keyA.key}` })).status, 403);
  assert.is(
    (await call(server, 'POST', '/admin/pastes/clear-expired', { auth: `ApiKey ${keyA.key}`, body: {} }))
      .status,
    403,
  );
});

test('update changes content, title, remark, slug, password, expiry, view limit and format', async () => {
  const created = await keyA.client.pastes.create({ content: 'v1', title: 't1', remark: 'r1' });
  const before = await keyA.client.pastes.getById(created.id);
  clock.advance(5);
  const updated = await keyA.client.pastes.update(created.id, {
    content: 'v2',
    title: 't2',
    remark: null,
    slug: 'renamed-share',
    expires_in: 1,
    max_views: 7,
    format: 'markdown',
  });
  assert.equal(
    [updated.content, updated.title, updated.remark, updated.slug, updated.max_views, updated.format],
    ['v2', 't2', null, 'renamed-share', 7, 'markdown'],
  );
  const ttl = Date.parse(updated.expires_at ?? '') - clock.now();
  assert.ok(ttl > 3_540_000 && ttl <= 3_600_000, String(ttl));
  assert.ok(Date.parse(updated.updated_at) > Date.parse(before.updated_at));
  assert.is(updated.url, `${server.url}/paste/renamed-share`);
  assert.is((await call(server, 'GET', `/paste/${created.slug}`)).status, 404);

  const locked = await keyA.client.pastes.update(created.id, { password: 'pw-1' });
  assert.is(locked.has_password, true);
  assert.equal(await server.client().pastes.get('renamed-share'), {
    slug: 'renamed-share',
    requires_password: true,
  });
  assert.is((await server.client().pastes.unlock('renamed-share', 'pw-1')).content, 'v2');
  const opened = await keyA.client.pastes.update(created.id, { password: null, expires_in: 0 });
  assert.equal([opened.has_password, opened.expires_at], [false, null]);
  const view = await server.client().pastes.get('renamed-share');
  assert.ok('content' in view && view.content === 'v2');
  const unlimited = await keyA.client.pastes.update(created.id, { max_views: null, expires_in: null });
  assert.equal([unlimited.max_views, unlimited.expires_at], [0, null]);
});

test('update follows the create rules: taken slug 409, reserved 400, blank 400, null content 400', async () => {
  const own = mineA[0];
  const taken = await rejects(keyA.client.pastes.update(own.id, { slug: 'beta-1' }));
  assert.equal(
    [taken.status, taken.code, taken.message],
    [409, 'SLUG_TAKEN', 'link suffix already taken, try another'],
  );
  const checks: [unknown, RegExp][] = [
    [{ slug: 'admin' }, /body\.slug/],
    [{ slug: 'no spaces' }, /body\.slug/],
    [{ content: '   ' }, /body\.content/],
    [{ content: null }, /body\.content/],
    [{ slug: null }, /body\.slug/],
    [{ max_views: -2 }, /body\.max_views/],
    [{}, /at least one field/],
  ];
  for (const [body, message] of checks) {
    const res = await call(server, 'PUT', `/user/pastes/${own.id}`, { auth: `ApiKey ${keyA.key}`, body });
    assert.is(res.status, 400, JSON.stringify(body));
    assert.match(res.body.message, message);
  }
  assert.is((await admin.pastes.getById(own.id)).slug, own.slug);
});

test('delete and batch delete; a deleted share answers 404', async () => {
  const one = await keyA.client.pastes.create({ content: 'to delete' });
  assert.is(await keyA.client.pastes.remove(one.id), null);
  assert.is((await call(server, 'GET', `/paste/${one.slug}`)).status, 404);
  assert.is((await rejects(keyA.client.pastes.remove(one.id))).status, 404);

  const x = await admin.pastes.create({ content: 'x' });
  const y = await keyB.client.pastes.create({ content: 'y' });
  const result = await admin.pastes.batchDelete([x.id, y.id, 'missing']);
  assert.equal(result, { deleted: 2, failed: [{ id: 'missing', message: 'not found' }] });
  assert.is((await call(server, 'GET', `/paste/${y.slug}`)).status, 404);
});

test('clear-expired removes expired and used-up shares only; the body is optional', async () => {
  const knex = server.app.services.db.knex;
  const expired = await admin.pastes.create({ content: 'old', expires_in: 1 });
  await knex('pastes')
    .where({ id: expired.id })
    .update({ expires_at: clock.now() - 1000 });
  const usedUp = await keyA.client.pastes.create({ content: 'once', max_views: 1 });
  await server.client().pastes.get(usedUp.slug);
  const live = await admin.pastes.create({ content: 'live', expires_in: 1, max_views: 2 });
  await server.client().pastes.get(live.slug);

  const total = (await admin.pastes.list()).total;
  const noBody = await call(server, 'POST', '/admin/pastes/clear-expired', { auth: bearer });
  assert.equal([noBody.status, noBody.body.data], [200, { deleted: 2 }]);
  assert.is((await admin.pastes.list()).total, total - 2);
  assert.is((await admin.pastes.getById(live.id)).views, 1);
  assert.is((await call(server, 'GET', `/paste/${expired.slug}`)).status, 404);
  assert.equal(await admin.pastes.clearExpired(), { deleted: 0 });
  const refused = await call(server, 'POST', '/admin/pastes/clear-expired', {
    auth: bearer,
    body: { clearExpired: 'yes' },
  });
  assert.is(refused.status, 400);
});

test.run();
