// @clip-databases sqlite postgres
/**
 * The access log in Chromium: the creator's own Open and Raw text count no view, the owner's share page
 * shows the share's activity, the admin panel's Activity dialog (text and file management), and the
 * access log settings, each checked against what the API answers.
 */
import type { ClipClient } from '@clip/sdk';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dialog, openModule, screenshot, signInAdmin, toast } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, signInWithKey, startBrowserEnv } from './harness.ts';

interface Ctx {
  env: BrowserEnv;
  key: { key: string; client: ClipClient };
  admin: ClipClient;
}
const test = suite<Ctx>('access log');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  ctx.key = await ctx.env.server.keyClient({ text: true, file: true });
  ctx.admin = await ctx.env.server.adminClient();
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

async function signedInHome(env: BrowserEnv, key: string): Promise<Page> {
  const page = await env.open('/admin', { viewport: { width: 1280, height: 900 } });
  await signInWithKey(page, key);
  await page.getByRole('link', { name: 'Home' }).first().click();
  await page.waitForSelector('.home');
  return page;
}

test("the creator's Open and Raw text use no view; the owner's page shows who else opened it", async ({
  env,
  key,
  admin,
}) => {
  const page = await signedInHome(env, key.key);
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await page.getByTestId('plain-input').fill('for one reader only');
  await page.locator('input[name="maxViews"]').fill('1');
  await page.getByRole('button', { name: 'Create share' }).click();
  const url = await page.getByTestId('share-link').inputValue();
  const slug = url.split('/').pop() ?? '';
  assert.match(
    (await page.getByTestId('views-note').textContent()) ?? '',
    /Your own Open and Raw text count no view/,
  );

  const [own] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Open', exact: true }).click(),
  ]);
  await own.getByTestId('share-content').waitFor();
  assert.is(await own.locator('pre.plain-text').textContent(), 'for one reader only');
  assert.is(await own.getByTestId('share-views').textContent(), 'Views 0 of 1');
  await own.getByTestId('activity-empty').waitFor();

  const [raw] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Raw text' }).click(),
  ]);
  await raw.waitForLoadState();
  assert.is(await raw.locator('body').textContent(), 'for one reader only');
  await raw.close();
  const record = (await admin.pastes.list({ search: slug })).items.find((p) => p.slug === slug);
  assert.is(record?.views, 0, 'neither Open nor Raw text counted a view');

  // A reader (no credentials) uses the only view; the owner sees that visit after a refresh.
  const reader = await (await env.newContext()).newPage();
  await reader.goto(url);
  await reader.getByTestId('share-content').waitFor();
  assert.is(await reader.getByTestId('share-views').textContent(), 'Views 1 of 1');
  assert.is(await reader.getByRole('heading', { name: 'Activity' }).count(), 0, 'readers see no activity');
  await reader.context().close();

  await own.getByRole('button', { name: 'Refresh' }).click();
  const table = own.getByRole('table', { name: 'Accesses, newest first' });
  await table.getByRole('row').nth(1).waitFor();
  assert.is(await table.getByRole('row').count(), 2, 'a header and the one visit');
  const cells = await table.getByRole('row').nth(1).getByRole('cell').allTextContents();
  assert.equal(cells.slice(1, 4), ['Viewed', 'OK', '127.0.0.0']);
  assert.match(
    (await own
      .getByRole('img', { name: /Accesses per day over the last 14 days/ })
      .getAttribute('aria-label')) ?? '',
    /1 served, 0 refused/,
  );
  await screenshot(own, 'share-activity-owner-en');
  await own.close();
  await page.context().close();
});

test('the admin panel: Activity of a text share and of a file share, and the access log settings', async ({
  env,
  key,
  admin,
}) => {
  const text = await key.client.pastes.create({ content: 'panel', password: 'pw-123456' });
  const file = await key.client.files.upload(new Blob(['0123456789']), {}, { filename: 'report.txt' });
  const anon = env.server.client();
  await anon.pastes.get(text.slug);
  await anon.pastes.unlock(text.slug, 'pw-123456').catch(() => undefined);
  await anon.pastes.unlock(text.slug, 'wrong').catch(() => undefined);
  const view = await anon.files.getPublic(file.slug);
  if ('download_url' in view) await (await fetch(view.download_url)).arrayBuffer();

  const context = await env.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await openModule(page, /^Text management$/, 'text-management');
  await page.getByRole('button', { name: `Activity of ${text.slug}` }).click();
  const textDialog = dialog(page, 'share-activity');
  const textRows = textDialog.getByRole('table', { name: 'Accesses, newest first' }).getByRole('row');
  await textRows.nth(3).waitFor();
  const outcomes = [];
  for (let i = 1; i <= 3; i++)
    outcomes.push((await textRows.nth(i).getByRole('cell').allTextContents()).slice(1, 3));
  assert.equal(outcomes, [
    ['Password tried', 'Wrong password'],
    ['Password tried', 'OK'],
    ['Viewed', 'Refused'],
  ]);
  await screenshot(page, 'admin-share-activity-light');
  await textDialog.getByRole('button', { name: 'Close' }).click();

  await openModule(page, /^File management$/, 'file-management');
  await page.getByRole('button', { name: 'Activity of report.txt' }).click();
  const fileRows = dialog(page, 'share-activity').getByRole('table').getByRole('row');
  await fileRows.nth(2).waitFor();
  assert.equal((await fileRows.nth(1).getByRole('cell').allTextContents()).slice(1, 5), [
    'Downloaded',
    'OK',
    '127.0.0.0',
    '10 B',
  ]);
  await dialog(page, 'share-activity').getByRole('button', { name: 'Close' }).click();

  await openModule(page, /^Settings$/, 'settings');
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Access log' }) });
  await form.getByLabel('Keep events for (days)').fill('-3');
  await form.getByRole('button', { name: 'Save access log settings' }).click();
  await form.getByText('Enter whole days from 0 to 3650').waitFor();
  await form.getByLabel('Keep events for (days)').fill('7');
  await form.getByRole('radio', { name: /Full address/ }).check();
  await form.getByRole('button', { name: 'Save access log settings' }).click();
  await toast(page, /Settings saved/);
  await screenshot(page, 'admin-settings-access-log-light');
  const saved = await admin.system.settings();
  assert.equal([saved.access_log_days, saved.access_log_ip], [7, 'full']);
  await admin.system.updateSettings({ access_log_days: 30, access_log_ip: 'anonymized' });
  await context.close();
});

test("a file share's owner page, in Chinese: its activity, its owner-signed download counting nothing", async ({
  env,
  key,
  admin,
}) => {
  const file = await key.client.files.upload(
    new Blob(['hello file']),
    { max_views: 2 },
    { filename: 'notes.txt' },
  );
  const reader = await env.server.client().files.getPublic(file.slug);
  assert.ok('download_url' in reader);
  await (await fetch(reader.download_url)).arrayBuffer();

  const page = await env.open('/admin', { locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  await signInWithKey(page, key.key);
  await page.goto(`/file/${file.slug}`);
  const activity = page.getByRole('region', { name: '访问记录' });
  const rows = activity.getByRole('table', { name: '访问记录，最新在前' }).getByRole('row');
  await rows.nth(2).waitFor();
  assert.equal((await rows.nth(1).getByRole('cell').allTextContents()).slice(1, 3), ['下载', '成功']);
  assert.equal((await rows.nth(2).getByRole('cell').allTextContents()).slice(1, 3), ['查看', '成功']);
  const download = page.getByRole('link', { name: '下载' });
  assert.match((await download.getAttribute('href')) ?? '', /by=owner/);
  const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
  assert.is(await saved.failure(), null);
  assert.is((await admin.accessLog.list({ share_id: file.id })).total, 2, "the owner's download is no event");
  assert.is((await admin.files.getById(file.id)).views, 1, "the owner's page and download counted nothing");
  await activity.getByRole('button', { name: '刷新' }).click();
  await page.getByText('显示 2 次访问中的 2 次。').waitFor();
  await screenshot(page, 'share-activity-owner-zh');
  await page.context().close();
});

test('no console errors on the way', ({ env }) => {
  assert.equal(env.consoleErrors, []);
});

if (chromiumAvailable()) test.run();
