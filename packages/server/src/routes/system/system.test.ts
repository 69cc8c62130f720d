// @clip-databases sqlite postgres
import { ClipError } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';

let server: TestServer;
test.before(async () => {
  server = await startTestServer();
});
test.after(async () => server?.close());

test('health and version answer without auth', async () => {
  assert.equal(await server.client().system.health(), { status: 'ok', database: 'ok' });
  const v = await server.client().system.version();
  assert.is(v.name, 'clip');
  assert.match(v.version, /^\d+\.\d+\.\d+/);
});

test('settings: defaults, update, validation, public max upload size', async () => {
  const admin = await server.adminClient();
  assert.equal(await admin.system.settings(), {
    max_upload_size: 100,
    webdav_upload_mode: 'auto',
    max_zip_size: 10240,
    access_log_ip: 'anonymized',
    access_log_days: 30,
  });
  assert.equal(await server.client().system.maxUploadSize(), { max_upload_size: 100 });
  const updated = await admin.system.updateSettings({
    max_upload_size: 0.5,
    webdav_upload_mode: 'multipart',
  });
  assert.equal(updated, {
    max_upload_size: 0.5,
    webdav_upload_mode: 'multipart',
    max_zip_size: 10240,
    access_log_ip: 'anonymized',
    access_log_days: 30,
  });
  assert.equal(await server.client().system.maxUploadSize(), { max_upload_size: 0.5 });
  for (const bad of [
    { max_upload_size: 0 },
    { max_upload_size: -1 },
    { webdav_upload_mode: 'ftp' },
    { access_log_ip: 'partial' },
    { access_log_days: -1 },
    { access_log_days: 1.5 },
    {},
  ]) {
    try {
      await admin.system.updateSettings(bad as never);
      assert.unreachable(`accepted ${JSON.stringify(bad)}`);
    } catch (err) {
      assert.instance(err, ClipError);
      assert.is((err as ClipError).status, 400);
    }
  }
});

test('change password: rules, verification, other sessions revoked', async () => {
  const admin = await server.adminClient();
  const other = (await server.client().auth.login('admin', 'test-admin-password')).token;
  const expectStatus = async (p: Promise<unknown>, status: number, message?: RegExp) => {
    try {
      await p;
      assert.unreachable('expected failure');
    } catch (err) {
      assert.is((err as ClipError).status, status);
      if (message) assert.match((err as ClipError).message, message);
    }
  };
  await expectStatus(
    admin.auth.changePassword({ currentPassword: 'test-admin-password' }),
    400,
    /new username, a new password/,
  );
  await expectStatus(
    admin.auth.changePassword({ currentPassword: 'test-admin-password', newPassword: 'test-admin-password' }),
    400,
    /must differ/,
  );
  await expectStatus(
    admin.auth.changePassword({ currentPassword: 'wrong-password', newPassword: 'another-pass-1' }),
    401,
    /current password/,
  );
  await admin.auth.changePassword({
    currentPassword: 'test-admin-password',
    newPassword: 'another-pass-1',
    newUsername: 'root',
  });
  assert.is((await admin.auth.verifyAdminToken()).username, 'root', 'the current session stays');
  await expectStatus(server.client({ type: 'admin', token: other }).auth.verifyAdminToken(), 401);
  await expectStatus(server.client().auth.login('admin', 'test-admin-password'), 401);
  assert.ok((await server.client().auth.login('root', 'another-pass-1')).token);
});

test.run();
