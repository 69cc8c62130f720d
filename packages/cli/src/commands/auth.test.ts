// @clip-databases sqlite postgres
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ClipClient } from '@clip/sdk';
import { startTestServer, TEST_ADMIN, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
const sandboxes: Sandbox[] = [];
async function sandbox(): Promise<Sandbox> {
  const box = await createSandbox();
  sandboxes.push(box);
  return box;
}
const readConfig = async (box: Sandbox) =>
  JSON.parse(await readFile(join(box.configHome, 'clip', 'config.json'), 'utf8')) as Record<string, string>;
const adminLogin = ['login', '--username', TEST_ADMIN.username, '--password', TEST_ADMIN.password];

test.before(async () => {
  server = await startTestServer();
});
test.after(async () => {
  await Promise.all(sandboxes.map((b) => b.dispose()));
  await server?.close();
});

test('admin login saves server and token in a 0600 file, whoami and logout use it', async () => {
  const box = await sandbox();
  const login = await box.run(['--server', server.url, ...adminLogin]);
  assert.match(succeeded(login), `logged in to ${server.url} as admin`);

  const dir = join(box.configHome, 'clip');
  assert.is((await stat(dir)).mode & 0o777, 0o700);
  assert.is((await stat(join(dir, 'config.json'))).mode & 0o777, 0o600);
  const config = await readConfig(box);
  assert.is(config.server, server.url);
  assert.ok(config.token.length >= 40);
  // The saved token is a real admin session.
  const viaSdk = new ClipClient({ baseUrl: server.url, auth: { type: 'admin', token: config.token } });
  assert.is((await viaSdk.auth.verifyAdminToken()).username, 'admin');

  // No --server needed any more: the saved one is used.
  assert.is(succeeded(await box.run(['whoami'])), `admin (admin) at ${server.url}\n`);
  const who = JSON.parse(succeeded(await box.run(['whoami', '--json'])));
  assert.equal(who, { server: server.url, auth_type: 'admin', source: 'config', username: 'admin' });

  assert.match(succeeded(await box.run(['logout'])), 'logged out');
  assert.equal(await readConfig(box), { server: server.url });
  // Logout revoked the session on the server, not only on disk.
  await viaSdk.auth.verifyAdminToken().then(
    () => assert.unreachable('the token still works after logout'),
    (err) => assert.is(err.status, 401),
  );
  failedWith(await box.run(['whoami']), /not logged in to .*clip login/);
});

test('wrong credentials fail in one line and save nothing', async () => {
  const box = await sandbox();
  const run = await box.run([
    '--server',
    server.url,
    'login',
    '--username',
    'admin',
    '--password',
    'not-the-password',
  ]);
  failedWith(run, /invalid|credentials|password/i);
  await stat(join(box.configHome, 'clip', 'config.json')).then(
    () => assert.unreachable('a config file was written'),
    (err) => assert.is(err.code, 'ENOENT'),
  );
});

test('login without a password and without a terminal says which flag is missing', async () => {
  const box = await sandbox();
  failedWith(
    await box.run(['--server', server.url, 'login', '--username', 'admin']),
    /--password is required/,
  );
});

test('login --api-key verifies the key and whoami shows it', async () => {
  const { id, key } = await server.keyClient({ text: true, basic_path: '/docs' });
  const box = await sandbox();
  assert.match(
    succeeded(await box.run(['--server', server.url, 'login', '--api-key', key])),
    /with API key .*\(text\)/,
  );
  assert.equal(await readConfig(box), { server: server.url, apiKey: key });
  const who = JSON.parse(succeeded(await box.run(['whoami', '--json'])));
  assert.is(who.auth_type, 'apikey');
  assert.is(who.key_info.id, id);
  assert.is(who.key_info.basic_path, '/docs');
  assert.equal(who.permissions, { text: true, file: false, mount: false });
  // A key cannot manage keys: the server's refusal comes back as one line.
  failedWith(await box.run(['keys', 'ls']), /admin/i);
});

test('an unknown API key is refused and not saved', async () => {
  const box = await sandbox();
  failedWith(
    await box.run(['--server', server.url, 'login', '--api-key', 'clip_not_a_real_key_at_all']),
    /API key invalid or expired/,
  );
  await stat(join(box.configHome, 'clip', 'config.json')).then(
    () => assert.unreachable('a config file was written'),
    (err) => assert.is(err.code, 'ENOENT'),
  );
});

test('CLIP_SERVER with CLIP_API_KEY or CLIP_TOKEN needs no login, and beats the config file', async () => {
  const { id, key } = await server.keyClient({ text: true });
  const env = await sandbox();
  const byKey = JSON.parse(
    succeeded(await env.run(['whoami', '--json'], { env: { CLIP_SERVER: server.url, CLIP_API_KEY: key } })),
  );
  assert.equal(
    [byKey.auth_type, byKey.source, byKey.key_info.id, byKey.server],
    ['apikey', 'env', id, server.url],
  );

  const { token } = await server.client().auth.login(TEST_ADMIN.username, TEST_ADMIN.password);
  const byToken = JSON.parse(
    succeeded(await env.run(['whoami', '--json'], { env: { CLIP_SERVER: server.url, CLIP_TOKEN: token } })),
  );
  assert.equal([byToken.auth_type, byToken.source], ['admin', 'env']);

  // Logged in as admin in the file, yet the environment's key is what is used.
  const both = await sandbox();
  succeeded(await both.run(['--server', server.url, ...adminLogin]));
  const override = JSON.parse(
    succeeded(await both.run(['whoami', '--json'], { env: { CLIP_API_KEY: key } })),
  );
  assert.equal([override.auth_type, override.key_info.id], ['apikey', id]);
});

test('a stored credential is never sent to another server', async () => {
  const box = await sandbox();
  succeeded(await box.run(['--server', server.url, ...adminLogin]));
  const other = server.url.replace('127.0.0.1', 'localhost');
  failedWith(await box.run(['--server', other, 'whoami']), new RegExp(`not logged in to ${other}`));
});

test('a 401 that ends the session says so, suggests clip login and forgets the token', async () => {
  const box = await sandbox();
  succeeded(await box.run(['--server', server.url, ...adminLogin]));
  const { token } = await readConfig(box);
  await new ClipClient({ baseUrl: server.url, auth: { type: 'admin', token } }).auth.logout();
  failedWith(
    await box.run(['keys', 'ls']),
    /admin session expired, please log in again \(run `clip login`\)/,
  );
  assert.equal(await readConfig(box), { server: server.url });
});

test('a bad server URL is a one-line usage failure', async () => {
  const box = await sandbox();
  failedWith(
    await box.run(['--server', 'ftp://example.com', 'whoami']),
    /--server: URL must use http or https/,
  );
  failedWith(
    await box.run(['whoami'], { env: { CLIP_SERVER: 'nonsense' } }),
    /CLIP_SERVER: URL is not valid/,
  );
});

test.run();
