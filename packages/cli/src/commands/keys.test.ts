// @clip-databases sqlite postgres
import { ClipClient } from '@clip/sdk';
import { startTestServer, TEST_ADMIN, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let admin: Sandbox;

test.before(async () => {
  server = await startTestServer();
  admin = await createSandbox(server.url);
  succeeded(await admin.run(['login', '--username', TEST_ADMIN.username, '--password', TEST_ADMIN.password]));
});
test.after(async () => {
  await admin?.dispose();
  await server?.close();
});

test('keys create prints only the key, which works with the asked permissions, path and expiry', async () => {
  const run = await admin.run([
    'keys',
    'create',
    '--name',
    'deploy bot',
    '--text',
    '--file',
    '--basic-path',
    '/docs',
    '--expires',
    '7d',
  ]);
  const key = succeeded(run).trim();
  assert.is(run.stdout, `${key}\n`);
  assert.match(run.stderr, /created API key "deploy bot"/);
  assert.match(run.stderr, /expires \d{4}-\d\d-\d\d/, 'says when the key expires');

  const verified = await new ClipClient({
    baseUrl: server.url,
    auth: { type: 'apikey', key },
  }).auth.verifyApiKey();
  assert.equal(verified.permissions, { text: true, file: true, mount: false });
  assert.is(verified.key_info.basic_path, '/docs');
  const listed = (await (await server.adminClient()).apiKeys.list()).items.find((k) => k.key === key);
  assert.ok(listed);
  const days = (Date.parse(listed.expires_at ?? '') - Date.now()) / 86_400_000;
  assert.ok(days > 6.99 && days <= 7, `expires in ${days} days`);
});

test('keys create --custom-key --expires never, --json answers the whole key', async () => {
  const custom = 'my-custom-key-0123456789';
  const created = JSON.parse(
    succeeded(
      await admin.run(['keys', 'create', '--name', 'custom', '--mount', '--custom-key', custom, '--json']),
    ),
  );
  assert.is(created.key, custom);
  assert.is(created.expires_at, null);
  assert.equal(
    [created.text_permission, created.file_permission, created.mount_permission],
    [false, false, true],
  );
});

test('keys ls lists as a table and as JSON; keys rm deletes one or several', async () => {
  const ids: string[] = [];
  for (const name of ['alpha key', 'beta key', 'gamma key'])
    ids.push(
      JSON.parse(succeeded(await admin.run(['keys', 'create', '--name', name, '--text', '--json']))).id,
    );

  const table = succeeded(await admin.run(['keys', 'ls']));
  assert.match(table, /^ID\s+NAME\s+PERMISSIONS\s+BASE PATH\s+EXPIRES\s+LAST USED\n/);
  for (const id of ids) assert.match(table, id);
  assert.match(table, /alpha key\s+text\s+\/\s+never/);

  const listed = JSON.parse(succeeded(await admin.run(['keys', 'ls', '--json'])));
  assert.ok(ids.every((id) => listed.items.some((k: { id: string }) => k.id === id)));
  assert.is(listed.total, listed.items.length);

  assert.is(succeeded(await admin.run(['keys', 'rm', ids[0]])), 'deleted 1 API key\n');
  assert.is(succeeded(await admin.run(['keys', 'rm', ids[1], ids[2]])), 'deleted 2 API keys\n');
  const after = (await (await server.adminClient()).apiKeys.list()).items.map((k) => k.id);
  assert.ok(ids.every((id) => !after.includes(id)));
});

test('keys rm of an unknown id fails in one line', async () => {
  failedWith(await admin.run(['keys', 'rm', '00000000-0000-0000-0000-000000000000']), /not found/i);
});

test('bad --expires and a missing --name are refused before any request', async () => {
  failedWith(
    await admin.run(['keys', 'create', '--name', 'x', '--expires', 'soon']),
    /--expires must be like/,
  );
  failedWith(await admin.run(['keys', 'create']), /required option '--name <name>'/);
});

test('a --custom-key of 15 characters is refused in one line naming the minimum, and nothing is created', async () => {
  failedWith(
    await admin.run(['keys', 'create', '--name', 'short custom', '--custom-key', 'fifteen-chars-k']),
    /custom key must be at least 16 characters/,
  );
  const keys = (await (await server.adminClient()).apiKeys.list()).items;
  assert.is(keys.filter((k) => k.name === 'short custom').length, 0);
});

test('without a login, keys commands say so', async () => {
  const anonymous = await createSandbox(server.url);
  try {
    failedWith(await anonymous.run(['keys', 'ls']), /not logged in to .*clip login/);
  } finally {
    await anonymous.dispose();
  }
});

test.run();
