// @clip-databases sqlite postgres
/**
 * The access log over a real server: events of every text and file share access and outcome, the
 * owner's opens (counted nowhere, logged nowhere), a key's scope, the address modes, CSV, and the sweep
 * by the injected clock.
 */
import type { AccessEvent, ClipClient } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../../../clock.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../../testing/testServer.ts';

const clock = offsetClock();
let server: TestServer;
let admin: ClipClient;
let bearer: string;
test.before(async () => {
  server = await startTestServer({}, { clock });
  admin = await server.adminClient();
  bearer = `Bearer ${await server.adminToken()}`;
});
test.after(async () => server?.close());

const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}/api${path}`, init);
const json = { 'content-type': 'application/json' };

/** The admin's view of one share's events, newest first. */
async function eventsOf(shareId: string): Promise<AccessEvent[]> {
  const res = await api(`/admin/access-log?share_id=${shareId}&limit=1000`, {
    headers: { authorization: bearer },
  });
  assert.is(res.status, 200);
  return ((await res.json()) as { data: { items: AccessEvent[] } }).data.items;
}
/** Admin sessions last 7 days: a test that moves the clock further signs in again. */
async function signInAgain(): Promise<void> {
  const { token } = await server.client().auth.login(TEST_ADMIN.username, TEST_ADMIN.password);
  admin = server.client({ type: 'admin', token });
  bearer = `Bearer ${token}`;
}
const summary = (events: AccessEvent[]) => events.map((e) => `${e.action}:${e.outcome}`).reverse();

test('text shares: views, unlocks, raw reads and every refusal are events; unknown slugs are none', async () => {
  const open = await admin.pastes.create({ content: 'héllo', max_views: 2 });
  const anon = server.client();
  await anon.pastes.get(open.slug);
  assert.is(await anon.pastes.raw(open.slug), 'héllo');
  assert.is((await api(`/raw/${open.slug}`)).status, 410);
  const events = await eventsOf(open.id);
  assert.equal(summary(events), ['view:ok', 'download:ok', 'download:used_up']);
  const [usedUp, raw, view] = events;
  assert.equal([view.bytes, raw.bytes, usedUp.bytes], [6, 6, null]);
  assert.equal([view.share_kind, view.share_id, view.ip], ['text', open.id, '127.0.0.0']);

  const locked = await admin.pastes.create({ content: 'secret', password: 'pw-1' });
  assert.equal(await anon.pastes.get(locked.slug), { slug: locked.slug, requires_password: true });
  const wrong = await api(`/paste/${locked.slug}`, {
    method: 'POST',
    headers: json,
    body: '{"password":"nope"}',
  });
  assert.is(wrong.status, 401);
  const unlocked = await anon.pastes.unlock(locked.slug, 'pw-1');
  assert.is((await api(`/raw/${locked.slug}?token=${unlocked.token}`)).status, 200);
  assert.is((await api(`/raw/${locked.slug}?token=1.forged`)).status, 401);
  assert.is((await api(`/raw/${locked.slug}`)).status, 401);
  assert.equal(summary(await eventsOf(locked.id)), [
    'view:refused',
    'verify:wrong_password',
    'verify:ok',
    'download:ok',
    'download:refused',
    'download:refused',
  ]);

  const expiring = await admin.pastes.create({ content: 'soon', expires_in: 1 });
  clock.advance(2 * 3600_000);
  try {
    assert.is((await api(`/paste/${expiring.slug}`)).status, 410);
  } finally {
    clock.advance(-2 * 3600_000);
  }
  assert.equal(summary(await eventsOf(expiring.id)), ['view:expired']);

  assert.is((await api('/paste/never-made')).status, 404);
  const all = (await admin.accessLog.list({ limit: 1000 })).items;
  assert.ok(all.every((e) => e.share_id !== 'never-made'));
});

test('file shares: views, verifies, downloads with their bytes, bad links and used-up shares', async () => {
  const { id, slug } = await admin.files.upload(
    new Blob(['0123456789']),
    { max_views: 1 },
    { filename: 'a.txt' },
  );
  const anon = server.client();
  const view = await anon.files.getPublic(slug);
  assert.ok('download_url' in view);
  const url = new URL(view.download_url);
  assert.is(await (await fetch(url)).text(), '0123456789');
  const ranged = await fetch(url, { headers: { range: 'bytes=2-4' } });
  assert.is(ranged.status, 206);
  await ranged.arrayBuffer();
  url.searchParams.set('sig', 'forged');
  assert.is((await fetch(url)).status, 403);
  assert.is((await api(`/public/files/${slug}`)).status, 410);
  const events = await eventsOf(id);
  assert.equal(summary(events), [
    'view:ok',
    'download:ok',
    'download:ok',
    'download:refused',
    'view:used_up',
  ]);
  assert.equal(
    events.reverse().map((e) => e.bytes),
    [null, 10, 3, null, null],
  );

  const locked = await admin.files.upload(new Blob(['x']), { password: 'pw-2' }, { filename: 'b.txt' });
  assert.equal(await anon.files.getPublic(locked.slug), { slug: locked.slug, requires_password: true });
  const verify = (password: string) =>
    api(`/public/files/${locked.slug}/verify`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ password }),
    });
  assert.is((await verify('wrong')).status, 401);
  assert.is((await verify('pw-2')).status, 200);
  assert.equal(summary(await eventsOf(locked.id)), ['view:refused', 'verify:wrong_password', 'verify:ok']);
});

test("the owner's opens count no view and are no events; anyone else's count", async () => {
  const once = await admin.pastes.create({ content: 'only one view', max_views: 1 });
  for (let i = 0; i < 3; i++) {
    const mine = await admin.pastes.get(once.slug);
    assert.ok('content' in mine && mine.views === 0);
    // The owner's page hands out an owner token: its raw link counts nothing either.
    const raw = await api(`/raw/${once.slug}?token=${mine.token}`);
    assert.is(await raw.text(), 'only one view');
    assert.is(await admin.pastes.raw(once.slug), 'only one view');
  }
  assert.is((await admin.pastes.getById(once.id)).views, 0);
  assert.equal(await eventsOf(once.id), []);

  // A key's own share: its reads are the owner's; another key's are a visit.
  const writer = await server.keyClient({ text: true, file: true });
  const other = await server.keyClient({ text: true });
  const keyShare = await writer.client.pastes.create({ content: 'by a key', max_views: 5 });
  await writer.client.pastes.get(keyShare.slug);
  await writer.client.pastes.raw(keyShare.slug);
  assert.is((await admin.pastes.getById(keyShare.id)).views, 0);
  const seen = await other.client.pastes.get(keyShare.slug);
  assert.ok('views' in seen && seen.views === 1);
  assert.equal(summary(await eventsOf(keyShare.id)), ['view:ok']);

  // A credential that matches nothing is a reader's (a stale session must not fail the access).
  const stale = await writer.client.pastes.create({ content: 'stale session', max_views: 3 });
  for (const authorization of ['Bearer not-a-session', 'ApiKey not-a-key']) {
    const res = await api(`/paste/${stale.slug}`, { headers: { authorization } });
    assert.is(res.status, 200, authorization);
  }
  assert.is((await admin.pastes.getById(stale.id)).views, 2);
  assert.equal(summary(await eventsOf(stale.id)), ['view:ok', 'view:ok']);

  // An owner token is no reader token: it opens only the share it was made for.
  const mine = await admin.pastes.get(once.slug);
  assert.ok('token' in mine);
  const elsewhere = await admin.pastes.create({ content: 'x', password: 'pw' });
  assert.is((await api(`/raw/${elsewhere.slug}?token=${mine.token}`)).status, 401);

  // File shares: the owner's view and the owner-signed links it hands out are no visits.
  const file = await writer.client.files.upload(new Blob(['abc']), { max_views: 1 }, { filename: 'c.txt' });
  for (let i = 0; i < 2; i++) {
    const ownView = await writer.client.files.getPublic(file.slug);
    assert.ok('download_url' in ownView && ownView.views === 0);
    assert.match(ownView.download_url, /by=owner/);
    assert.is(await (await fetch(ownView.download_url)).text(), 'abc');
    // Dropping `by=owner` from the link breaks its signature: a reader cannot pass as the owner.
    assert.is((await fetch(ownView.download_url.replace('&by=owner', ''))).status, 403);
  }
  assert.is((await admin.files.getById(file.id)).views, 0);
  assert.equal(summary(await eventsOf(file.id)), ['download:refused', 'download:refused']);
  // ...and a reader's link cannot be turned into the owner's by adding it.
  const readerView = await server.client().files.getPublic(file.slug);
  assert.ok('download_url' in readerView);
  assert.is((await fetch(`${readerView.download_url}&by=owner`)).status, 403);
});

test('a key reads the events of its own shares only; the admin reads all; filters and paging', async () => {
  const a = await server.keyClient({ text: true });
  const b = await server.keyClient({ text: true });
  const shareA = await a.client.pastes.create({ content: 'a' });
  const shareB = await b.client.pastes.create({ content: 'b' });
  for (let i = 0; i < 3; i++) await server.client().pastes.get(shareA.slug);
  await server.client().pastes.get(shareB.slug);
  const asKey = async (key: string, query: string) => {
    const res = await api(`/user/access-log${query}`, { headers: { authorization: `ApiKey ${key}` } });
    assert.is(res.status, 200);
    return (
      (await res.json()) as { data: { items: AccessEvent[]; total: number; limit: number; offset: number } }
    ).data;
  };
  const mine = await asKey(a.key, '');
  assert.is(mine.total, 3);
  assert.ok(mine.items.every((e: AccessEvent) => e.share_id === shareA.id));
  assert.is((await asKey(a.key, `?share_id=${shareB.id}`)).total, 0);
  assert.is((await asKey(b.key, `?share_kind=text&share_id=${shareB.id}`)).total, 1);
  const page = await asKey(a.key, '?limit=2&offset=1&action=view&outcome=ok');
  assert.equal([page.total, page.items.length, page.limit, page.offset], [3, 2, 2, 1]);
  assert.ok(page.items[0].at >= page.items[1].at);
  assert.is((await asKey(a.key, '?outcome=expired')).total, 0);

  // Keys cannot reach the admin's log; strangers reach neither.
  assert.is((await api('/admin/access-log', { headers: { authorization: `ApiKey ${a.key}` } })).status, 403);
  assert.is((await api('/user/access-log')).status, 401);
  assert.is((await api('/admin/access-log')).status, 401);
  for (const bad of [
    '?action=steal',
    '?limit=0',
    '?limit=5000',
    '?share_kind=folder',
    '?format=xml',
    '?x=1',
  ]) {
    const res = await api(`/admin/access-log${bad}`, { headers: { authorization: bearer } });
    assert.is(res.status, 400, bad);
    assert.match(((await res.json()) as { message: string }).message, /query/);
  }
});

test('CSV: a header, one line per event, user agents cannot smuggle formulas', async () => {
  const share = await admin.pastes.create({ content: 'csv' });
  await api(`/paste/${share.slug}`, { headers: { 'user-agent': '=HYPERLINK("http://evil"), "quoted"' } });
  const res = await api(`/admin/access-log?share_id=${share.id}&format=csv`, {
    headers: { authorization: bearer },
  });
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/csv/);
  assert.match(res.headers.get('content-disposition') ?? '', /attachment/);
  const lines = (await res.text()).trimEnd().split('\r\n');
  assert.is(lines[0], 'at,share_kind,share_id,action,outcome,ip,user_agent,bytes,path,id');
  assert.is(lines.length, 2);
  assert.match(
    lines[1],
    new RegExp(
      `,text,${share.id},view,ok,127\\.0\\.0\\.0,"'=HYPERLINK\\(""http://evil""\\), ""quoted""",3,,`,
    ),
  );
});

test('access_log_ip: full keeps the address, off keeps none; access_log_days 0 records nothing', async () => {
  const share = await admin.pastes.create({ content: 'ip' });
  try {
    await admin.system.updateSettings({ access_log_ip: 'full' });
    await server.client().pastes.get(share.slug);
    await server.app.services.accessRecorder.flush();
    await admin.system.updateSettings({ access_log_ip: 'off' });
    await server.client().pastes.get(share.slug);
    await server.app.services.accessRecorder.flush();
    assert.equal((await eventsOf(share.id)).map((e) => e.ip).reverse(), ['127.0.0.1', null]);
    await admin.system.updateSettings({ access_log_days: 0 });
    await server.client().pastes.get(share.slug);
    assert.is((await eventsOf(share.id)).length, 2);
  } finally {
    await admin.system.updateSettings({ access_log_ip: 'anonymized', access_log_days: 30 });
  }
});

test('the sweep deletes events older than access_log_days by the injected clock', async () => {
  const share = await admin.pastes.create({ content: 'old' });
  await server.client().pastes.get(share.slug);
  const [older] = await eventsOf(share.id);
  clock.advance(10 * 86_400_000);
  await signInAgain();
  await server.client().pastes.get(share.slug);
  const [newer] = await eventsOf(share.id);
  await admin.system.updateSettings({ access_log_days: 15 });
  try {
    clock.advance(10 * 86_400_000);
    await signInAgain();
    assert.ok((await server.app.services.sweepAccessLog()).deleted >= 1);
    // 20 days old went, 10 days old stayed.
    assert.equal(
      (await eventsOf(share.id)).map((e) => e.id),
      [newer.id],
    );
    assert.is.not(older.id, newer.id);
  } finally {
    await admin.system.updateSettings({ access_log_days: 30 });
  }
});

test('behind a trusted proxy the forwarded address is logged, an IPv6 one cut to its /48', async () => {
  const proxied = await startTestServer({ trustProxyHops: 1 });
  try {
    const owner = await proxied.adminClient();
    const share = await owner.pastes.create({ content: 'via proxy' });
    for (const forwarded of ['2001:db8:1234:5678::1', '198.51.100.77'])
      await fetch(`${proxied.url}/api/paste/${share.slug}`, { headers: { 'x-forwarded-for': forwarded } });
    const log = await owner.accessLog.list({ share_id: share.id });
    // Both requests may fall in one millisecond, whose events have no order between them: compare as sets.
    assert.equal(log.items.map((e) => e.ip).sort(), ['198.51.100.0', '2001:db8:1234::']);
  } finally {
    await proxied.close();
  }
});

test.run();
