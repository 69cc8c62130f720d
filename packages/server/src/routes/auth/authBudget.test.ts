// @clip-databases sqlite postgres
// Issue 27 item 12: one guessing budget per client address across every surface. Wrong passwords on
// login, change-password and WebDAV Basic, and wrong API keys and session tokens, all spend it; once it
// is spent, every credential this client presents answers 429 with Retry-After, the right ones too.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../testing/testServer.ts';
import { basicAuth } from '../../webdav/testing/davTestKit.ts';

const BUDGET = 10;
let server: TestServer;
let token: string;
let key: string;
/** A right key first presented once the budget is spent. */
let unused: { id: string; key: string };
test.before(async () => {
  server = await startTestServer({ loginMaxFailures: BUDGET, loginWindowMs: 60_000 });
  token = await server.adminToken();
  key = (await server.keyClient({ text: true })).key;
  unused = await server.keyClient({ text: true });
});
test.after(async () => server?.close());

const login = (password: string) =>
  fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: TEST_ADMIN.username, password }),
  });
const changePassword = (currentPassword: string) =>
  fetch(`${server.url}/api/admin/change-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ currentPassword, newPassword: 'a-new-password-1' }),
  });
const dav = (password: string) =>
  fetch(`${server.url}/dav/`, {
    method: 'PROPFIND',
    headers: { depth: '0', authorization: basicAuth(TEST_ADMIN.username, password) },
  });
const withAuth = (path: string, authorization: string) =>
  fetch(`${server.url}/api${path}`, { headers: { authorization } });

async function status(answer: Promise<Response>): Promise<number> {
  const res = await answer;
  await res.arrayBuffer();
  return res.status;
}

test('right keys and tokens spend nothing', async () => {
  for (let i = 0; i < 2 * BUDGET; i++) {
    assert.is(await status(withAuth('/test/api-key', `ApiKey ${key}`)), 200);
    assert.is(await status(withAuth('/test/admin-token', `Bearer ${token}`)), 200);
  }
});

test(`${BUDGET} wrong guesses across login, change-password, WebDAV Basic, keys and tokens spend one budget`, async () => {
  const guesses = [
    () => login('wrong-1'),
    () => login('wrong-2'),
    () => login('wrong-3'),
    () => changePassword('wrong-4'),
    () => changePassword('wrong-5'),
    () => dav('wrong-6'),
    () => dav('wrong-7'),
    () => withAuth('/test/api-key', 'ApiKey clip_guessed-key-number-8'),
    () => withAuth('/test/api-key', 'ApiKey clip_guessed-key-number-9'),
    () => withAuth('/test/admin-token', 'Bearer guessed-session-token-10'),
  ];
  for (const [i, guess] of guesses.entries()) assert.is(await status(guess()), 401, `guess ${i + 1}`);

  // The 11th anything from this client is refused, the right password, key and token included.
  const eleventh = await login(TEST_ADMIN.password);
  assert.is(eleventh.status, 429);
  assert.ok(Number(eleventh.headers.get('retry-after')) > 0, 'Retry-After');
  assert.is(((await eleventh.json()) as { error: string }).error, 'RATE_LIMITED');
  const refused = {
    'a wrong key': await status(withAuth('/test/api-key', 'ApiKey clip_guessed-key-number-11')),
    'the right key': await status(withAuth('/test/api-key', `ApiKey ${key}`)),
    'the right session token': await status(withAuth('/test/admin-token', `Bearer ${token}`)),
    'the right WebDAV password': await status(dav(TEST_ADMIN.password)),
    'the right current password': await status(changePassword(TEST_ADMIN.password)),
    'the right key over WebDAV': await status(
      fetch(`${server.url}/dav/`, {
        method: 'PROPFIND',
        headers: { depth: '0', authorization: `ApiKey ${key}` },
      }),
    ),
  };
  for (const [what, answer] of Object.entries(refused)) assert.is(answer, 429, what);
  // The budget is read alongside the key's lookup, but a refused key is not counted as used.
  assert.is(await status(withAuth('/test/api-key', `ApiKey ${unused.key}`)), 429);
  const row = await server.app.services.db.knex('api_keys').where({ id: unused.id }).first();
  assert.is(row.last_used, null, 'last_used of a key refused by the spent budget');
  // A request that presents no credential guesses nothing: public routes stay open.
  assert.is(await status(fetch(`${server.url}/api/health`)), 200);
});

test.run();
