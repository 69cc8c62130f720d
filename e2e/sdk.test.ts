// @clip-databases sqlite postgres
// The SDK against a live server: envelope unwrap, section 8 errors and the 401 hooks, Node transport.
import { ClipClient, ClipError } from '@clip/sdk';
import { createNodeFetch } from '@clip/sdk/node';
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

let server: TestServer;
test.before(async () => {
  server = await startTestServer();
});
test.after(async () => server?.close());

test('unwraps envelopes over the Node keep-alive transport', async () => {
  const client = new ClipClient({ baseUrl: server.url, fetch: createNodeFetch() });
  assert.equal(await client.system.health(), { status: 'ok', database: 'ok' });
});

test('a revoked admin token ends the session through the hook, with the spec message', async () => {
  const { token } = await server.client().auth.login('admin', 'test-admin-password');
  const ended: string[] = [];
  const client = new ClipClient({
    baseUrl: server.url,
    auth: { type: 'admin', token },
    onSessionEnded: (err, type) => ended.push(`${type}:${err.message}`),
  });
  await client.auth.logout();
  try {
    await client.apiKeys.list();
    assert.unreachable('expected 401');
  } catch (err) {
    assert.instance(err, ClipError);
    assert.is((err as ClipError).message, 'admin session expired, please log in again');
  }
  assert.equal(ended, ['admin:admin session expired, please log in again']);
});

test('an unknown API key ends the session; a 403 does not', async () => {
  const ended: string[] = [];
  const bad = new ClipClient({
    baseUrl: server.url,
    auth: { type: 'apikey', key: 'nope' },
    onSessionEnded: (_e, t) => ended.push(t),
  });
  await bad.auth.verifyApiKey().catch(() => {});
  assert.equal(ended, ['apikey']);
  const { key } = await server.keyClient({ text: true });
  const limited = new ClipClient({
    baseUrl: server.url,
    auth: { type: 'apikey', key },
    onSessionEnded: (_e, t) => ended.push(t),
  });
  const err = await limited.apiKeys.list().catch((e) => e as ClipError);
  assert.is(err.status, 403);
  assert.equal(ended, ['apikey']);
});

test('a server that is gone is a network error, not a crash', async () => {
  const client = new ClipClient({ baseUrl: 'http://127.0.0.1:9' });
  const err = await client.system.health().catch((e) => e as ClipError);
  assert.instance(err, ClipError);
  assert.is(err.code, 'NETWORK_ERROR');
  assert.is(err.message, 'network error, check the connection');
});

test('a cancelled request says so', async () => {
  const ac = new AbortController();
  ac.abort();
  const err = await server
    .client()
    .transport.request('GET', '/health', { signal: ac.signal })
    .catch((e) => e as ClipError);
  assert.is(err.code, 'CANCELLED');
});

test.run();
