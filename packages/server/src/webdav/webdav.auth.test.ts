// @clip-databases sqlite postgres
/** Who may use /dav: admin Basic, keys (as Basic user=password, ApiKey, Bearer), confinement, rate limits. */
import { request } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, TEST_ADMIN } from '../testing/testServer.ts';
import { basicAuth, type DavKit, hrefs, startDavKit } from './testing/davTestKit.ts';

let kit: DavKit;
let teamKey: string;
test.before(async () => {
  kit = await startDavKit(startTestServer({ loginMaxFailures: 3, loginWindowMs: 60_000 }));
  await kit.mountLocalAndS3();
  await kit.dav('MKCOL', '/local/team');
  await kit.dav('PUT', '/local/secret.txt', { body: 'top secret' });
  teamKey = (await kit.server.keyClient({ mount: true, basic_path: '/local/team' })).key;
});
test.after(async () => kit?.close());

function rawGet(path: string, auth: string): Promise<{ status: number; body: string }> {
  const url = new URL(kit.server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, headers: { authorization: auth } },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('a key as Basic user and password, or as ApiKey/Bearer header, works inside its basic path', async () => {
  for (const auth of [basicAuth(teamKey, teamKey), `ApiKey ${teamKey}`]) {
    assert.is(
      (await kit.dav('PUT', '/local/team/k.txt', { body: 'k', auth })).status,
      201 + (auth.startsWith('ApiKey') ? 3 : 0),
    );
    assert.is((await kit.dav('PROPFIND', '/local/team/', { headers: { depth: '1' }, auth })).status, 207);
  }
  const bearer = await kit.dav('PROPFIND', '/', {
    headers: { depth: '0' },
    auth: `Bearer ${kit.adminToken}`,
  });
  assert.is(bearer.status, 207);
});

test('the root lists only the branch leading to the key basic path, never 403', async () => {
  const res = await kit.dav('PROPFIND', '/', { headers: { depth: '1' }, auth: basicAuth(teamKey, teamKey) });
  assert.is(res.status, 207);
  const listed = hrefs(await res.text());
  assert.ok(listed.includes('/dav/local/'), listed.join(' '));
  assert.not.ok(listed.includes('/dav/s3/'), listed.join(' '));
});

test('a key never leaves its basic path: outside 403, dot segments (plain or encoded) 400, Destination escapes 403', async () => {
  const auth = basicAuth(teamKey, teamKey);
  assert.is((await kit.dav('GET', '/local/secret.txt', { auth })).status, 403);
  assert.is((await kit.dav('PUT', '/local/teamx.txt', { body: 'x', auth })).status, 403);
  for (const path of [
    '/local/team/../secret.txt',
    '/local/team/%2e%2e/secret.txt',
    '/local/team/%2E%2E/secret.txt',
  ]) {
    // node:http sends the path as written (fetch would normalise the dots away before sending).
    const res = await rawGet(`/dav${path}`, auth);
    assert.is(res.status, 400, path);
    assert.not.match(res.body, /top secret/);
  }
  for (const dest of [
    '/dav/local/team/../escaped.txt',
    '/dav/local/team/%2e%2e/escaped.txt',
    '/dav/s3/escaped.txt',
  ]) {
    const res = await kit.dav('COPY', '/local/team/k.txt', { headers: { destination: dest }, auth });
    assert.is(res.status, 403, dest);
  }
  assert.is((await kit.dav('HEAD', '/local/escaped.txt')).status, 404);
  assert.is((await kit.dav('HEAD', '/s3/escaped.txt')).status, 404);
});

test('a key without mount permission is refused (403); an unknown key 401', async () => {
  const noMount = (await kit.server.keyClient({ text: true, basic_path: '/' })).key;
  assert.is(
    (await kit.dav('PROPFIND', '/', { headers: { depth: '0' }, auth: basicAuth(noMount, noMount) })).status,
    403,
  );
  const unknown = await kit.dav('PROPFIND', '/', {
    headers: { depth: '0' },
    auth: basicAuth('clip_nope', 'clip_nope'),
  });
  assert.is(unknown.status, 401);
  assert.match(unknown.headers.get('www-authenticate') ?? '', /Basic realm="clip"/);
});

test('failed attempts are rate-limited like login: 429 with Retry-After, even for the right password', async () => {
  // Two failures so far (the unknown key above was one): reach the limit of 3.
  const wrong = basicAuth(TEST_ADMIN.username, 'wrong password');
  let res = await kit.dav('PROPFIND', '/', { headers: { depth: '0' }, auth: wrong });
  assert.is(res.status, 401);
  res = await kit.dav('PROPFIND', '/', { headers: { depth: '0' }, auth: wrong });
  assert.is(res.status, 401);
  res = await kit.dav('PROPFIND', '/', { headers: { depth: '0' }, auth: wrong });
  assert.is(res.status, 429);
  assert.ok(Number(res.headers.get('retry-after')) > 0);
  res = await kit.dav('PROPFIND', '/', { headers: { depth: '0' } });
  assert.is(res.status, 429, 'locked out until the window ends');
  // OPTIONS stays open (no auth at all).
  assert.is((await kit.dav('OPTIONS', '/', { auth: null })).status, 200);
});

test('a burst of parallel wrong Basic passwords: only the allowed number are checked, the rest 429', async () => {
  // A server of its own: the limit counts per client address, and the tests above used this one's.
  const server = await startTestServer({ loginMaxFailures: 3, loginWindowMs: 60_000 });
  try {
    const propfind = (auth: string) =>
      fetch(`${server.url}/dav/`, { method: 'PROPFIND', headers: { depth: '0', authorization: auth } });
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        // Known and unknown usernames alike: both run a password check, so both count.
        propfind(basicAuth(i % 2 ? TEST_ADMIN.username : 'nobody', `wrong ${i}`)),
      ),
    );
    const statuses = burst.map((r) => r.status);
    // Each attempt is counted before its check runs: exactly the allowed 3 reach scrypt (401).
    assert.is(statuses.filter((s) => s === 401).length, 3, statuses.join(' '));
    assert.is(statuses.filter((s) => s === 429).length, 17, statuses.join(' '));
    for (const r of burst.filter((r) => r.status === 429))
      assert.ok(Number(r.headers.get('retry-after')) > 0, 'Retry-After on every 429');
    // Locked out now, even with the right password, and on the API's login too: one budget per client.
    assert.is((await propfind(basicAuth(TEST_ADMIN.username, TEST_ADMIN.password))).status, 429);
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    assert.is(login.status, 429);
  } finally {
    await server.close();
  }
});

test('a right Basic password resets the count, as a login does', async () => {
  const server = await startTestServer({ loginMaxFailures: 3, loginWindowMs: 60_000 });
  try {
    const propfind = (password: string) =>
      fetch(`${server.url}/dav/`, {
        method: 'PROPFIND',
        headers: { depth: '0', authorization: basicAuth(TEST_ADMIN.username, password) },
      });
    assert.is((await propfind('wrong')).status, 401);
    assert.is((await propfind('wrong')).status, 401);
    assert.is((await propfind(TEST_ADMIN.password)).status, 207);
    // The count started again: three more failures are allowed, the fourth is refused.
    for (let i = 0; i < 3; i++) assert.is((await propfind('wrong')).status, 401, `failure ${i + 1}`);
    assert.is((await propfind('wrong')).status, 429);
  } finally {
    await server.close();
  }
});

test.run();
