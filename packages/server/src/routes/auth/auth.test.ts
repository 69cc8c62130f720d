// @clip-databases sqlite postgres
import type { Envelope as SdkEnvelope } from '@clip/sdk';

type Envelope = SdkEnvelope<unknown>;

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { manualClock } from '../../clock.ts';
import { rejects } from '../../testing/rejects.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../testing/testServer.ts';

let server: TestServer;
// Rate-limit windows and sessions end by the server's clock, which stands still unless the test moves it:
// with real time in it, a loaded machine's slow password checks ran a window out early.
const clock = manualClock();
test.before(async () => {
  server = await startTestServer({ loginMaxFailures: 3, loginWindowMs: 60_000 }, { clock });
});
test.after(async () => server?.close());

test('admin logs in, verifies the token and logs out', async () => {
  const { token, expires_at } = await server.client().auth.login(TEST_ADMIN.username, TEST_ADMIN.password);
  assert.ok(token.length >= 40);
  const ttl = Date.parse(expires_at) - clock.now();
  assert.ok(ttl > 6.9 * 86400_000 && ttl <= 7 * 86400_000);
  const admin = server.client({ type: 'admin', token });
  assert.equal(await admin.auth.verifyAdminToken(), { valid: true, username: 'admin' });
  await admin.auth.logout();
  const err = await rejects(admin.auth.verifyAdminToken());
  assert.is(err.status, 401);
});

test('wrong credentials answer 401, then 429 with Retry-After', async () => {
  // The logged-out token above was one wrong credential of this client's budget: start a new window.
  clock.advance(60_001);
  const res = async () =>
    fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': 'ignored' },
      body: JSON.stringify({ username: 'admin', password: 'nope-nope' }),
    });
  for (let i = 0; i < 3; i++) assert.is((await res()).status, 401);
  const limited = await res();
  assert.is(limited.status, 429);
  assert.ok(Number(limited.headers.get('retry-after')) > 0);
  const body = (await limited.json()) as Envelope;
  assert.is(body.error, 'RATE_LIMITED');
  // Even the right password is refused while locked out.
  const right = () =>
    fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
  assert.is((await right()).status, 429);
  // Until the window (60 s from the first failure) ends, by the server's clock.
  clock.advance(55_000);
  const stillLimited = await right();
  assert.is(stillLimited.status, 429);
  assert.ok(Number(stillLimited.headers.get('retry-after')) <= 5, 'Retry-After counts down');
  clock.advance(5_001);
  assert.is((await right()).status, 200);
});

test('bad input answers 400 naming the field, never 500', async () => {
  const post = (body: string) =>
    fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  const malformed = await post('{"username": ');
  assert.is(malformed.status, 400);
  assert.is(((await malformed.json()) as Envelope).error, 'MALFORMED_JSON');
  const wrongType = (await (await post('{"username": 5, "password": "x"}')).json()) as Envelope;
  assert.match(wrongType.message, /body\.username/);
  const unknown = (await (await post('{"username": "a", "password": "x", "extra": 1}')).json()) as Envelope;
  assert.match(unknown.message, /body\.extra is not a known field/);
  const long = (await (
    await post(JSON.stringify({ username: 'a'.repeat(101), password: 'x' }))
  ).json()) as Envelope;
  assert.is(long.code, 400);
  assert.match(long.message, /body\.username/);
  const notObject = await post('[1,2]');
  assert.is(notObject.status, 400);
});

test('an unknown API path is a JSON 404', async () => {
  const res = await fetch(`${server.url}/api/does-not-exist`);
  assert.is(res.status, 404);
  const body = (await res.json()) as Envelope;
  assert.equal([body.success, body.error], [false, 'ROUTE_NOT_FOUND']);
});

test('a malformed Authorization header is 401', async () => {
  const res = await fetch(`${server.url}/api/test/admin-token`, { headers: { authorization: 'Basic abc' } });
  assert.is(res.status, 401);
});

test('a session ends after 7 days, by the server clock', async () => {
  const { token } = await server.client().auth.login(TEST_ADMIN.username, TEST_ADMIN.password);
  const admin = server.client({ type: 'admin', token });
  clock.advance(7 * 86400_000 - 60_000);
  assert.equal(await admin.auth.verifyAdminToken(), { valid: true, username: 'admin' });
  clock.advance(60_000);
  assert.is((await rejects(admin.auth.verifyAdminToken())).status, 401);
});

test.run();
