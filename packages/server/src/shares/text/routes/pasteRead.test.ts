// @clip-databases sqlite postgres
import type { ClipClient } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../../../clock.ts';
import { startTestServer, type TestServer } from '../../../testing/testServer.ts';
import { call, rejects } from '../testing/pasteTestKit.ts';

let server: TestServer;
let admin: ClipClient;
// Expiry is judged by the server's clock: the test moves it forward instead of waiting.
// Noon UTC of today: the view tally is per day, and this test moves the clock 31 minutes ahead.
const noon = new Date();
noon.setUTCHours(12, 0, 0, 0);
const clock = offsetClock(noon.getTime());
test.before(async () => {
  server = await startTestServer({}, { clock });
  admin = await server.adminClient();
});
test.after(async () => server?.close());

const viewsOf = async (id: string) => (await admin.pastes.getById(id)).views;

test('each content read counts one view; an unknown slug is 404', async () => {
  const { slug, id } = await admin.pastes.create({ content: 'count me' });
  const anon = server.client();
  const first = await anon.pastes.get(slug);
  assert.ok('views' in first && first.views === 1);
  const second = await anon.pastes.get(slug);
  assert.ok('views' in second && second.views === 2);
  assert.is(await anon.pastes.raw(slug), 'count me');
  assert.is(await viewsOf(id), 3);

  const res = await call(server, 'GET', '/paste/no-such-share');
  assert.is(res.status, 404);
  assert.is((await call(server, 'GET', '/raw/no-such-share')).status, 404);
  assert.is((await call(server, 'POST', '/paste/no-such-share', { body: { password: 'x' } })).status, 404);
});

test('max_views = 5 under 50 concurrent reads serves exactly 5; the rest are 410 GONE', async () => {
  const { slug, id } = await admin.pastes.create({ content: 'five only', max_views: 5 });
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      i % 2
        ? call(server, 'GET', `/paste/${slug}`)
        : fetch(`${server.url}/api/raw/${slug}`).then(async (r) => ({
            status: r.status,
            body: await r.text(),
          })),
    ),
  );
  const ok = answers.filter((a) => a.status === 200);
  const goneCount = answers.filter((a) => a.status === 410).length;
  assert.is(ok.length, 5);
  assert.is(goneCount, 45);
  assert.is(await viewsOf(id), 5);
  const after = await call(server, 'GET', `/paste/${slug}`);
  assert.equal([after.status, after.body.error], [410, 'GONE']);
});

test('max_views = 1: the second read of any kind is 410', async () => {
  const { slug } = await admin.pastes.create({ content: 'once', max_views: 1 });
  assert.is(await server.client().pastes.raw(slug), 'once');
  assert.is((await call(server, 'GET', `/paste/${slug}`)).status, 410);
  assert.is((await call(server, 'GET', `/raw/${slug}`)).status, 410);
});

test('a share with a fractional-hour expiry serves until then, then answers 410', async () => {
  // 0.5 h = 30 min.
  const { slug, expires_at, created_at } = await admin.pastes.create({
    content: 'short-lived',
    expires_in: 0.5,
  });
  assert.is(Date.parse(expires_at as string) - Date.parse(created_at), 1_800_000);
  const live = await server.client().pastes.get(slug);
  assert.ok('content' in live && live.content === 'short-lived');
  clock.advance(29 * 60_000);
  assert.is(await server.client().pastes.raw(slug), 'short-lived', 'still live a minute before');
  clock.advance(2 * 60_000);
  const res = await call(server, 'GET', `/paste/${slug}`);
  assert.equal([res.status, res.body.error], [410, 'GONE']);
  assert.is((await call(server, 'GET', `/raw/${slug}`)).status, 410);
});

test('a protected share: GET asks for the password and counts nothing; POST and raw need it', async () => {
  const { slug, id } = await admin.pastes.create({ content: 'secret text', password: 'open sesame' });
  const anon = server.client();
  assert.equal(await anon.pastes.get(slug), { slug, requires_password: true });
  assert.is(await viewsOf(id), 0);

  const wrong = await call(server, 'POST', `/paste/${slug}`, { body: { password: 'nope' } });
  assert.equal(
    [wrong.status, wrong.body.error, wrong.body.message],
    [401, 'WRONG_PASSWORD', 'wrong password'],
  );
  const sdkWrong = await rejects(anon.pastes.unlock(slug, 'nope'));
  assert.equal([sdkWrong.status, sdkWrong.message], [401, 'wrong password']);
  assert.is(await viewsOf(id), 0);

  const unlocked = await anon.pastes.unlock(slug, 'open sesame');
  assert.is(unlocked.content, 'secret text');
  assert.is(unlocked.has_password, true);
  assert.is(unlocked.views, 1);

  assert.is((await call(server, 'GET', `/raw/${slug}`)).status, 401);
  assert.is((await call(server, 'GET', `/raw/${slug}?password=bad`)).status, 401);
  assert.is(await anon.pastes.raw(slug, 'open sesame'), 'secret text');
  // A key-authenticated client reading raw without the password is told about the share, not logged out.
  const key = await server.keyClient({ text: true });
  const keyErr = await rejects(key.client.pastes.raw(slug));
  assert.is(keyErr.status, 401);
  assert.match(keyErr.message, /password/);
  assert.is(await viewsOf(id), 2);
  // The stored secret is a scrypt hash, never the password.
  const row = await server.app.services.db.knex('pastes').where({ id }).first();
  assert.match(row.password_hash, /^scrypt\$/);
  assert.not.match(row.password_hash, /open sesame/);
});

test('password checks are rate limited per client address: 429 with Retry-After', async () => {
  const limited = await startTestServer({ loginMaxFailures: 3 });
  try {
    const { slug } = await (await limited.adminClient()).pastes.create({
      content: 'guarded',
      password: 'right',
    });
    for (let i = 0; i < 3; i++)
      assert.is(
        (await call(limited, 'POST', `/paste/${slug}`, { body: { password: `guess${i}` } })).status,
        401,
      );
    const blocked = await call(limited, 'POST', `/paste/${slug}`, { body: { password: 'guess' } });
    assert.is(blocked.status, 429);
    assert.is(blocked.body.error, 'RATE_LIMITED');
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
    // Locked out means the right password and the raw route are refused too.
    assert.is((await call(limited, 'POST', `/paste/${slug}`, { body: { password: 'right' } })).status, 429);
    assert.is((await fetch(`${limited.url}/api/raw/${slug}?password=right`)).status, 429);
  } finally {
    await limited.close();
  }
});

test("counted reads bump today's views counter for the dashboard; refused reads do not", async () => {
  const knex = server.app.services.db.knex;
  // The server's day, by its clock.
  const today = new Date(clock.now()).toISOString().slice(0, 10);
  const tally = async () =>
    Number((await knex('share_views_daily').where({ day: today, kind: 'text' }).first())?.count ?? 0);
  const open = await admin.pastes.create({ content: 'tally', max_views: 2 });
  const locked = await admin.pastes.create({ content: 'tally pw', password: 'pw' });
  const before = await tally();
  await server.client().pastes.get(open.slug);
  await server.client().pastes.raw(open.slug);
  assert.is((await call(server, 'GET', `/paste/${open.slug}`)).status, 410);
  await server.client().pastes.get(locked.slug);
  assert.is((await call(server, 'POST', `/paste/${locked.slug}`, { body: { password: 'no' } })).status, 401);
  await server.client().pastes.unlock(locked.slug, 'pw');
  assert.is(await tally(), before + 3);
});

test('raw answers the exact stored bytes as plain text with safe headers', async () => {
  const content =
    'line one\r\nline two\n\ttabbed  \r\n😀👍🏽 Привет мир 你好 مرحبا שלום ελληνικά\r\n<script>alert(1)</script>\n\n  ';
  const { slug } = await admin.pastes.create({ content, slug: 'round-trip' });
  const res = await fetch(`${server.url}/api/raw/${slug}`);
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.is(res.headers.get('x-content-type-options'), 'nosniff');
  assert.is(res.headers.get('content-disposition'), 'inline; filename="round-trip.txt"');
  const bytes = Buffer.from(await res.arrayBuffer());
  assert.ok(bytes.equals(Buffer.from(content, 'utf8')), 'raw bytes differ from the stored text');
  // The JSON view carries the same text unchanged.
  const view = await server.client().pastes.get(slug);
  assert.ok('content' in view && view.content === content);
});

test('HTML-looking content is still served as text/plain', async () => {
  const { slug } = await admin.pastes.create({ content: '<!doctype html><html><body>hi</body></html>' });
  const res = await fetch(`${server.url}/api/raw/${slug}`);
  assert.is(res.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.is(await res.text(), '<!doctype html><html><body>hi</body></html>');
});

test('errors on /raw are JSON envelopes', async () => {
  const res = await fetch(`${server.url}/api/raw/missing-one`);
  assert.is(res.status, 404);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  assert.is(((await res.json()) as { success: boolean }).success, false);
});

test('an unlock answers an access token: raw opens with it for an hour, counts no view, opens no other share', async () => {
  const { slug, id } = await admin.pastes.create({ content: 'token text', password: 'pw-one', max_views: 1 });
  const other = await admin.pastes.create({ content: 'other text', password: 'pw-one' });
  const open = await admin.pastes.create({ content: 'open text' });
  const anon = server.client();
  assert.not.ok('token' in (await anon.pastes.get(open.slug)), 'an open share needs no token');
  const unlocked = await anon.pastes.unlock(slug, 'pw-one');
  const token = unlocked.token as string;
  assert.ok(token, 'the unlock answers a token');
  const raw = (t: string, s = slug) => fetch(`${server.url}/api/raw/${s}?token=${encodeURIComponent(t)}`);
  // The unlock used up the only view; the token still reads, and counts nothing.
  for (let i = 0; i < 2; i++) {
    const res = await raw(token);
    assert.is(res.status, 200);
    assert.is(await res.text(), 'token text');
  }
  assert.is(await viewsOf(id), 1);
  assert.is((await fetch(`${server.url}/api/raw/${slug}?token=${token}`, { method: 'HEAD' })).status, 200);
  const refusals = [
    await raw(token, other.slug),
    await raw(`${token.split('.')[0]}.${'A'.repeat(43)}`),
    await raw('not-a-token'),
  ];
  for (const res of refusals) {
    assert.is(res.status, 401);
    assert.match(((await res.json()) as { message: string }).message, /access token/);
  }
  clock.advance(61 * 60_000);
  assert.is((await raw(token)).status, 401, 'an hour later the token is spent');
  const again = (await anon.pastes.unlock(other.slug, 'pw-one')).token as string;
  assert.is((await raw(again, other.slug)).status, 200);
  await admin.pastes.update(other.id, { password: 'pw-two' });
  assert.is((await raw(again, other.slug)).status, 401, 'a new password voids the tokens of the old');
});

test.run();
