// Resources build the documented requests (scope by auth, query, JSON body, auth header) and map failures
// by section 8's rules.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Auth, AuthType } from '../client.ts';
import { ClipError, DEFAULT_MESSAGES } from '../errors.ts';
import { ClipClient } from '../sdk.ts';
import { type Answer, envelope, failure, ORIGIN, scriptedFetch } from '../testing/scriptedFetch.ts';

function clientWith(auth: Auth, answer: Answer = () => envelope(null)) {
  const { fetch, requests } = scriptedFetch(answer);
  const ended: AuthType[] = [];
  const client = new ClipClient({
    baseUrl: `${ORIGIN}/`,
    auth,
    fetch,
    onSessionEnded: (_e, t) => ended.push(t),
  });
  return { client, requests, ended };
}

const caught = (promise: Promise<unknown>): Promise<ClipError> =>
  promise.then(
    () => assert.unreachable('expected a failure') as never,
    (err: unknown) => {
      assert.instance(err, ClipError);
      return err as ClipError;
    },
  );

test('the admin manages mounts and the file system under /admin, a key reads under /user', async () => {
  const admin = clientWith({ type: 'admin', token: 't0k' });
  await admin.client.mounts.list({ search: 'photos' });
  await admin.client.fs.get('/s3/a b.txt');
  const key = clientWith({ type: 'apikey', key: 'k3y' });
  await key.client.mounts.get('m/1');
  await key.client.fs.remove('/s3/x');
  assert.equal(
    [...admin.requests, ...key.requests].map((r) => `${r.method} ${r.url} ${r.headers.authorization}`),
    [
      'GET /api/admin/mounts?search=photos Bearer t0k',
      'GET /api/admin/fs/get?path=%2Fs3%2Fa+b.txt Bearer t0k',
      'GET /api/user/mounts/m%2F1 ApiKey k3y',
      'DELETE /api/user/fs/remove?path=%2Fs3%2Fx ApiKey k3y',
    ],
  );
});

test('the access log is read under /admin for the admin and /user for a key; csv asks for format=csv', async () => {
  const admin = clientWith({ type: 'admin', token: 't0k' }, () => envelope({ items: [], total: 0 }));
  await admin.client.accessLog.list({
    share_kind: 'file',
    share_id: 'f1',
    outcome: 'wrong_password',
    limit: 5,
  });
  const key = clientWith(
    { type: 'apikey', key: 'k3y' },
    () => new Response('at,share_kind\r\n', { status: 200 }),
  );
  assert.is(await key.client.accessLog.csv({ share_id: 's/1' }), 'at,share_kind\r\n');
  assert.equal(
    [...admin.requests, ...key.requests].map((r) => `${r.method} ${r.url} ${r.headers.authorization}`),
    [
      'GET /api/admin/access-log?share_kind=file&share_id=f1&outcome=wrong_password&limit=5 Bearer t0k',
      'GET /api/user/access-log?share_id=s%2F1&format=csv ApiKey k3y',
    ],
  );
});

test('a JSON body goes out with its content type; a request without auth carries no header', async () => {
  const { client, requests } = clientWith({ type: 'none' }, () => envelope({ slug: 'abc' }, 201));
  assert.equal(await client.pastes.create({ content: 'hello' }), { slug: 'abc' });
  const [request] = requests;
  assert.is(request.method, 'POST');
  assert.is(request.url, '/api/paste');
  assert.is(request.headers['content-type'], 'application/json');
  assert.is(request.headers.authorization, undefined);
  assert.equal(JSON.parse(String(request.body)), { content: 'hello' });
});

test("a failure keeps the server's code and message; an unknown body falls back to the status", async () => {
  const { client } = clientWith({ type: 'admin', token: 't' }, (r) =>
    r.url.includes('/mounts')
      ? failure(404, 'NOT_FOUND', 'mount m1 not found')
      : new Response('gateway', { status: 502 }),
  );
  const missing = await caught(client.mounts.get('m1'));
  assert.equal([missing.status, missing.code, missing.message], [404, 'NOT_FOUND', 'mount m1 not found']);
  const upstream = await caught(client.fs.get('/x'));
  assert.is(upstream.status, 502);
  assert.match(upstream.message, /^HTTP error 502/);
});

test('a 401 ends the admin session with the spec message; a wrong share password does not', async () => {
  const { client, ended } = clientWith({ type: 'admin', token: 'old' }, () =>
    failure(401, 'UNAUTHORIZED', 'token expired'),
  );
  const unlock = await caught(client.pastes.unlock('abc', 'nope'));
  assert.is(unlock.message, 'token expired');
  assert.equal(ended, []);
  const session = await caught(client.mounts.list());
  assert.is(session.message, DEFAULT_MESSAGES.adminSessionExpired);
  assert.equal(ended, ['admin']);
});

test('a success that is no envelope is a parse error, not data', async () => {
  const { client } = clientWith({ type: 'admin', token: 't' }, () => new Response('<html>', { status: 200 }));
  const err = await caught(client.mounts.list());
  assert.equal([err.code, err.message], ['BAD_RESPONSE', DEFAULT_MESSAGES.parse]);
});

test('a refused connection is a network error', async () => {
  const client = new ClipClient({
    baseUrl: ORIGIN,
    fetch: () => Promise.reject(new TypeError('fetch failed')),
  });
  const err = await caught(client.system.health());
  assert.equal([err.status, err.code], [0, 'NETWORK_ERROR']);
});

test.run();
