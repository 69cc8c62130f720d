// @clip-databases sqlite postgres
/**
 * The admin panel in Chromium against the real server, as the admin: storage configs (against s3rver),
 * API keys, settings and the admin account, through the UI, checked against what the API then answers.
 */
import type { ClipClient } from '@clip/sdk';
import { startS3rver, type TestS3 } from '@clip/server/testing';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  clipboardText,
  confirmDialog,
  dialog,
  grantClipboard,
  openModule,
  signInAdmin,
  toast,
} from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

interface Ctx {
  env: BrowserEnv;
  s3: TestS3;
  admin: ClipClient;
  page: Page;
}
const test = suite<Ctx>('admin settings modules');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  ctx.s3 = await startS3rver();
  ctx.admin = await ctx.env.server.adminClient();
  const context = await ctx.env.newContext({ viewport: { width: 1280, height: 900 } });
  await grantClipboard(context, ctx.env.server.url);
  ctx.page = await context.newPage();
  await signInAdmin(ctx.page);
});
test.after(async (ctx) => {
  await ctx.env?.close();
  await ctx.s3?.close();
});

test('storage configs: presets, validation, create against S3, step-by-step test, default, in-use refusal', async ({
  page,
  admin,
  s3,
}) => {
  await openModule(page, /^Storage configs$/, 'storage-config');
  await page.getByRole('button', { name: 'New storage config' }).click();
  const d = dialog(page, 'config-form');
  await d.locator('select[name="provider_type"]').selectOption('aliyun');
  assert.is(
    await d.locator('input[name="endpoint_url"]').inputValue(),
    'https://oss-cn-hangzhou.aliyuncs.com',
  );
  await d.locator('input[name="region"]').fill('cn-shanghai');
  assert.is(
    await d.locator('input[name="endpoint_url"]').inputValue(),
    'https://oss-cn-shanghai.aliyuncs.com',
  );
  await d.locator('select[name="provider_type"]').selectOption('minio');
  assert.is(await d.locator('input[name="endpoint_url"]').inputValue(), 'http://127.0.0.1:9000');
  assert.ok(await d.locator('input[name="path_style"]').isChecked(), 'MinIO uses path-style addressing');

  await d.locator('input[name="endpoint_url"]').fill('not a url');
  await d.locator('input[name="bucket_name"]').fill('Bad_Bucket');
  await d.getByRole('button', { name: 'Create' }).click();
  await d.getByText('Enter an http:// or https:// URL').waitFor();
  await d.getByText(/3–63 lowercase letters/).waitFor();
  await d.getByText('Required').first().waitFor();

  await d.locator('input[name="name"]').fill('s3rver');
  await d.locator('input[name="endpoint_url"]').fill(s3.endpoint);
  await d.locator('input[name="region"]').fill(s3.region);
  await d.locator('input[name="bucket_name"]').fill(s3.bucket);
  await d.locator('input[name="access_key_id"]').fill(s3.accessKeyId);
  await d.locator('input[name="secret_access_key"]').fill(s3.secretAccessKey);
  await d.locator('input[name="capacity"]').fill('2');
  await d.locator('select[name="capacity_unit"]').selectOption('GB');
  await d.getByRole('button', { name: 'Create' }).click();
  await toast(page, /Storage config created/);
  const created = (await admin.storageConfigs.list()).items.find((c) => c.name === 's3rver');
  assert.ok(created);
  assert.is(created.total_storage_bytes, 2 * 1024 ** 3);

  await page.locator(`tr[data-row="${created.id}"]`).getByRole('button', { name: 'Test' }).click();
  const result = dialog(page, 'config-test');
  await result.locator('[data-test-ok]').waitFor();
  assert.is(await result.locator('[data-test-ok]').getAttribute('data-test-ok'), 'true');
  assert.equal(
    await result
      .locator('li[data-step]')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-step')}:${e.getAttribute('data-ok')}`)),
    ['list:true', 'write:true', 'read:true', 'delete:true'],
  );
  await result.getByRole('button', { name: 'Close' }).first().click();

  // Editing never shows the secret; a blank secret keeps it (the test still passes afterwards).
  await page.getByRole('button', { name: 'Edit s3rver' }).click();
  const edit = dialog(page, 'config-form');
  assert.is(await edit.locator('input[name="secret_access_key"]').inputValue(), '');
  await edit.getByText('Stored and never shown again. Leave blank to keep it.').waitFor();
  await edit.locator('input[name="name"]').fill('s3rver main');
  await edit.getByRole('button', { name: 'Save' }).click();
  await toast(page, /Storage config updated/);
  assert.is((await admin.storageConfigs.test(created.id)).ok, true, 'the stored secret was kept');

  await page.locator(`tr[data-row="${created.id}"]`).getByRole('button', { name: 'Set default' }).click();
  await toast(page, /is now the default storage/);
  const row = page.locator(`tr[data-row="${created.id}"]`);
  await row.getByText('Default').waitFor();

  await admin.files.upload(new Blob(['in use']), { s3_config_id: created.id }, { filename: 'pin.txt' });
  await page.getByRole('button', { name: 'Delete s3rver main' }).click();
  await confirmDialog(page, /^Delete$/);
  const refusal = await toast(page, /cannot be deleted while it is in use/);
  assert.match(refusal, /s3rver main/);
  assert.ok(
    (await admin.storageConfigs.list()).items.some((c) => c.id === created.id),
    'still there',
  );
});

test('API keys: inline validation, create with a custom key, copy, edit the path, delete, bulk delete', async ({
  page,
  admin,
}) => {
  await openModule(page, /^API keys$/, 'key-management');
  await page.getByRole('button', { name: 'New API key' }).click();
  const d = dialog(page, 'key-form');
  await d.locator('input[name="use_custom_key"]').check();
  await d.locator('input[name="custom_key"]').fill('bad key!');
  await d.locator('select[name="expiry"]').selectOption('custom');
  await d.locator('input[name="custom_days"]').fill('0');
  await d.getByRole('button', { name: 'Create key' }).click();
  await d.getByText('The key needs a name').waitFor();
  await d.getByText('Use only letters, digits, underscore and hyphen').waitFor();
  await d.getByText('Enter a valid number of days').waitFor();

  assert.is(await d.locator('input[name="basic_path"]').isVisible(), false, 'one tab panel at a time');
  await d.locator('input[name="name"]').fill('deploy-bot');
  await d.locator('input[name="file_permission"]').check();
  await d.locator('input[name="custom_key"]').fill('fifteen-chars-k');
  await d.getByRole('button', { name: 'Create key' }).click();
  await d.getByText('The custom key needs at least 16 characters').waitFor();
  await d.locator('input[name="custom_key"]').fill('deploy_bot-key-2026');
  await d.locator('input[name="custom_days"]').fill('10');
  await d.getByRole('tab', { name: 'Path selection' }).click();
  assert.is(await d.locator('input[name="name"]').isVisible(), false);
  await d.locator('input[name="basic_path"]').fill('/../escape');
  await d.getByRole('button', { name: 'Create key' }).click();
  await d.getByText('Enter a path such as / or /team/docs').waitFor();
  await d.locator('input[name="basic_path"]').fill('team/docs/');
  await d.getByRole('button', { name: 'Create key' }).click();
  const shown = dialog(page, 'key-created');
  assert.is(await shown.getByTestId('created-key').textContent(), 'deploy_bot-key-2026');
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await toast(page, /Key copied/);
  assert.is(await clipboardText(page), 'deploy_bot-key-2026');
  await shown.getByRole('button', { name: 'Done' }).click();

  const key = (await admin.apiKeys.list()).items.find((k) => k.name === 'deploy-bot');
  assert.ok(key);
  assert.equal(
    [key.text_permission, key.file_permission, key.mount_permission, key.basic_path],
    [true, true, false, '/team/docs'],
  );
  const days = (Date.parse(key.expires_at ?? '') - Date.now()) / 86_400_000;
  assert.ok(days > 9.99 && days <= 10);

  await page.getByRole('button', { name: 'Edit deploy-bot' }).click();
  const edit = dialog(page, 'key-form');
  await edit.getByRole('tab', { name: 'Path selection' }).click();
  await edit.locator('input[name="basic_path"]').fill('/team');
  await edit.getByRole('tab', { name: 'Basic info' }).click();
  await edit.locator('input[name="text_permission"]').uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await toast(page, /API key updated/);
  const updated = (await admin.apiKeys.list()).items.find((k) => k.id === key.id);
  assert.equal(
    [updated?.basic_path, updated?.text_permission, updated?.expires_at],
    ['/team', false, key.expires_at],
  );

  await admin.apiKeys.create({ name: 'spare-1', text_permission: true });
  await admin.apiKeys.create({ name: 'spare-2', text_permission: true });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByRole('searchbox').fill('spare');
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row]').length === 2);
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await confirmDialog(page, /^Delete 2$/);
  await toast(page, /2 API keys deleted/);
  await page.getByRole('searchbox').fill('');
  await page.getByRole('button', { name: 'Delete deploy-bot' }).click();
  await confirmDialog(page, /^Delete$/);
  await toast(page, /API key deleted/);
  assert.ok(
    !(await admin.apiKeys.list()).items.some((k) => k.name.startsWith('spare') || k.name === 'deploy-bot'),
  );
});

test('settings: the upload limit in KB/MB/GB must be > 0 and takes effect; WebDAV mode; cache', async ({
  page,
  env,
  admin,
}) => {
  await openModule(page, /^Settings$/, 'settings');
  const limit = page.locator('input[name="max_upload_size"]');
  assert.is(await limit.inputValue(), '100');
  await limit.fill('0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('The upload limit must be greater than 0').waitFor();
  await limit.fill('1');
  await page.locator('select[name="max_upload_unit"]').selectOption('KB');
  await page.getByLabel(/^Multipart/).check();
  // The largest ZIP a path share streams, shown in the friendliest unit (10 GB by default).
  const zipLimit = page.locator('input[name="max_zip_size"]');
  assert.is(await zipLimit.inputValue(), '10');
  await zipLimit.fill('2');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await toast(page, /Settings saved/);
  const settings = await admin.system.settings();
  assert.equal(settings, {
    max_upload_size: 1 / 1024,
    webdav_upload_mode: 'multipart',
    max_zip_size: 2048,
    access_log_ip: 'anonymized',
    access_log_days: 30,
  });
  assert.is((await env.server.client().system.maxUploadSize()).max_upload_size, 1 / 1024);
  // The lowered limit refuses a larger upload.
  let status = 0;
  try {
    await admin.files.upload(new Blob([new Uint8Array(2048)]), {}, { filename: 'two-kb.bin' });
  } catch (err) {
    status = (err as { status: number }).status;
  }
  assert.is(status, 413);
  // And the upload page refuses it before sending anything.
  await page.goto('/upload');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'two-kb.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(2048),
  });
  const refused = page.locator('.upload-item[data-status="error"]');
  await refused.waitFor();
  assert.match(await refused.textContent(), /two-kb\.bin/);
  await page.goto('/admin/settings');
  await page.waitForSelector('input[name="max_upload_size"]');
  await page.waitForSelector('input[name="max_upload_size"]');
  assert.equal(
    [await limit.inputValue(), await page.locator('select[name="max_upload_unit"]').inputValue()],
    ['1', 'KB'],
  );
  await limit.fill('2');
  await page.locator('select[name="max_upload_unit"]').selectOption('GB');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await toast(page, /Settings saved/);
  assert.is((await admin.system.settings()).max_upload_size, 2048);

  await page.getByRole('button', { name: 'Clear cache' }).click();
  await toast(page, /Cache cleared: 0 entries removed/);
});

test('settings: the admin account change needs the current password and a different new one', async ({
  page,
  env,
}) => {
  await page.locator('input[name="current_password"]').fill('');
  await page.getByRole('button', { name: 'Update account' }).click();
  await page.getByText('Enter your current password').waitFor();
  await page.getByText('Enter a new username, a new password, or both').waitFor();
  await page.locator('input[name="current_password"]').fill('test-admin-password');
  await page.locator('input[name="new_password"]').fill('test-admin-password');
  await page.locator('input[name="confirm_password"]').fill('test-admin-password');
  await page.getByRole('button', { name: 'Update account' }).click();
  await page.getByText('The new password must differ from the current one').waitFor();

  await page.locator('input[name="current_password"]').fill('wrong-password');
  await page.locator('input[name="new_password"]').fill('');
  await page.locator('input[name="confirm_password"]').fill('');
  await page.locator('input[name="new_username"]').fill('root');
  await page.getByRole('button', { name: 'Update account' }).click();
  await toast(page, /Could not update the admin account/);

  await page.locator('input[name="current_password"]').fill('test-admin-password');
  await page.getByRole('button', { name: 'Update account' }).click();
  await toast(page, /Admin account updated/);
  await page.locator('.account-name', { hasText: 'root' }).waitFor();
  const login = await env.server.client().auth.login('root', 'test-admin-password');
  assert.ok(login.token, 'the new username signs in');
});

test('signing out returns to the sign-in screen', async ({ page }) => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.locator('input[name="username"]').waitFor();
  assert.is(await page.evaluate(() => localStorage.getItem('admin_token')), null);
});

test('no console errors on the way', ({ env }) => {
  // The refusals provoked above (in-use delete, wrong current password) are logged by the browser itself.
  const provoked = /Failed to load resource: the server responded with a status of (409|401)/;
  assert.equal(
    env.consoleErrors.filter((e) => !provoked.test(e)),
    [],
  );
});

if (chromiumAvailable()) test.run();
