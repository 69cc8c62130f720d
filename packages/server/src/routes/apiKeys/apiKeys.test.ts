// @clip-databases sqlite postgres
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../../clock.ts';
import { rejects } from '../../testing/rejects.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';

let server: TestServer;
// Key expiry is judged by the server's clock: the test moves it forward instead of waiting.
const clock = offsetClock();
test.before(async () => {
  server = await startTestServer({}, { clock });
});
test.after(async () => server?.close());

test('admin creates, lists, updates and deletes a key', async () => {
  const admin = await server.adminClient();
  const created = await admin.apiKeys.create({ name: 'ci', text_permission: true, basic_path: '/docs/' });
  assert.match(created.key, /^clip_/);
  assert.is(created.basic_path, '/docs');
  assert.is(created.expires_at, null);
  const listed = await admin.apiKeys.list();
  const found = listed.items.find((k) => k.id === created.id);
  assert.ok(found);
  assert.is(found!.key, created.key, 'the admin can copy the key again');
  const updated = await admin.apiKeys.update(created.id, { file_permission: true, name: 'ci 2' });
  assert.equal([updated.name, updated.text_permission, updated.file_permission], ['ci 2', true, true]);
  await admin.apiKeys.remove(created.id);
  assert.is((await rejects(admin.apiKeys.remove(created.id))).status, 404);
});

test('a key verifies itself, with its permissions and basic path', async () => {
  const { client, id } = await server.keyClient({ text: true, basic_path: '/team/a' });
  const v = await client.auth.verifyApiKey();
  assert.equal(v.permissions, { text: true, file: false, mount: false });
  assert.equal(v.key_info.id, id);
  assert.is(v.key_info.basic_path, '/team/a');
});

test('custom keys: charset, uniqueness', async () => {
  const admin = await server.adminClient();
  const bad = await rejects(admin.apiKeys.create({ name: 'x', custom_key: 'has space!' }));
  assert.is(bad.status, 400);
  assert.match(bad.message, /custom_key/);
  const key = await admin.apiKeys.create({
    name: 'mine',
    custom_key: 'my-own_key-123456',
    text_permission: true,
  });
  assert.is(key.key, 'my-own_key-123456');
  const dup = await rejects(admin.apiKeys.create({ name: 'again', custom_key: 'my-own_key-123456' }));
  assert.is(dup.status, 409);
  const viaKey = server.client({ type: 'apikey', key: 'my-own_key-123456' });
  assert.is((await viaKey.auth.verifyApiKey()).key_info.name, 'mine');
});

test('a custom key needs 16 characters: 15 is refused 400 naming the field; older short keys still work', async () => {
  const admin = await server.adminClient();
  const short = await rejects(admin.apiKeys.create({ name: 'short', custom_key: 'fifteen-chars-k' }));
  assert.is(short.status, 400);
  assert.match(short.message, /custom_key must NOT have fewer than 16 characters/);
  assert.is(
    (await admin.apiKeys.list()).items.filter((k) => k.name === 'short').length,
    0,
    'nothing written',
  );
  const sixteen = await admin.apiKeys.create({ name: 'sixteen', custom_key: 'sixteen-chars-ok' });
  assert.is(sixteen.key, 'sixteen-chars-ok');
  // A key made before the minimum (straight through the service, as the old API allowed) keeps working.
  await server.app.services.apiKeys.create({
    name: 'legacy',
    custom_key: 'old-key-123',
    text_permission: true,
  });
  const legacy = server.client({ type: 'apikey', key: 'old-key-123' });
  assert.is((await legacy.auth.verifyApiKey()).key_info.name, 'legacy');
});

test('name, expiry and basic path are validated', async () => {
  const admin = await server.adminClient();
  assert.match((await rejects(admin.apiKeys.create({ name: '   ' }))).message, /body\.name/);
  assert.match(
    (await rejects(admin.apiKeys.create({ name: 'x', expires_at: 'tomorrow' }))).message,
    /expires_at/,
  );
  const past = new Date(clock.now() - 1000).toISOString();
  assert.match((await rejects(admin.apiKeys.create({ name: 'x', expires_at: past }))).message, /future/);
  assert.match(
    (await rejects(admin.apiKeys.create({ name: 'x', basic_path: '/../etc' }))).message,
    /basic_path/,
  );
  const res = await fetch(`${server.url}/api/admin/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await server.adminToken()}` },
    body: JSON.stringify({ name: 'x', text_permission: 'yes' }),
  });
  assert.is(res.status, 400);
  assert.match(((await res.json()) as { message: string }).message, /body\.text_permission must be boolean/);
});

test('an expired key is 401 everywhere', async () => {
  const admin = await server.adminClient();
  const key = await admin.apiKeys.create({
    name: 'short',
    text_permission: true,
    expires_at: new Date(clock.now() + 60_000).toISOString(),
  });
  const client = server.client({ type: 'apikey', key: key.key });
  clock.advance(59_000);
  await client.auth.verifyApiKey();
  clock.advance(1_000);
  const err = await rejects(client.auth.verifyApiKey());
  assert.is(err.status, 401);
  assert.is(err.message, 'API key invalid or expired');
});

test('keys cannot manage keys or settings; anonymous gets 401', async () => {
  const { client } = await server.keyClient({ text: true, file: true, mount: true });
  assert.is((await rejects(client.apiKeys.list())).status, 403);
  assert.is((await rejects(client.system.settings())).status, 403);
  assert.is((await rejects(server.client().apiKeys.list())).status, 401);
  assert.is((await rejects(server.client({ type: 'apikey', key: 'nope' }).auth.verifyApiKey())).status, 401);
});

test('batch delete reports what it could not find', async () => {
  const admin = await server.adminClient();
  const a = await admin.apiKeys.create({ name: 'a' });
  const b = await admin.apiKeys.create({ name: 'b' });
  const result = await admin.apiKeys.batchDelete([a.id, b.id, 'missing']);
  assert.is(result.deleted, 2);
  assert.equal(result.failed, [{ id: 'missing', message: 'not found' }]);
});

test.run();
