// @clip-databases sqlite postgres
/**
 * The admin panel in Chromium against the real server, as the admin: sign-in, dashboard, text and file
 * management through the UI, checked against what the API then answers. Storage configs, keys and
 * settings are in admin-settings.browser.test.ts.
 */
import type { ClipClient } from '@clip/sdk';
import { offsetClock } from '@clip/server/testing';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  clipboardText,
  confirmDialog,
  dialog,
  expectRows,
  grantClipboard,
  openModule,
  rows,
  signInAdmin,
  toast,
} from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

interface Ctx {
  env: BrowserEnv;
  admin: ClipClient;
  page: Page;
}
const test = suite<Ctx>('admin panel');
// The server's clock: a share's expiry arrives when the test moves it, not after a real wait.
const clock = offsetClock();

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv({}, { clock });
  ctx.admin = await ctx.env.server.adminClient();
  const context = await ctx.env.newContext({ viewport: { width: 1280, height: 900 } });
  await grantClipboard(context, ctx.env.server.url);
  ctx.page = await context.newPage();
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

const today = () => new Date(clock.now()).toISOString().slice(0, 10);
const statValue = (page: Page, label: string) =>
  page.locator(`[data-stat="${label}"] .stat-value`).textContent();

test('signed out, /admin shows the sign-in screen; the admin signs in to the dashboard', async ({
  env,
  page,
  admin,
}) => {
  for (let i = 0; i < 12; i++)
    await admin.pastes.create({ content: `note ${i}\nline two`, remark: i === 7 ? 'the needle' : undefined });
  // A reader's view (the admin's own reads count none).
  await env.server.client().pastes.get((await admin.pastes.list({ limit: 1 })).items[0].slug);
  await page.goto('/admin/key-management');
  // The sign-in form stands in for the module.
  await page.locator('input[name="username"]').waitFor();
  await signInAdmin(page);
  assert.is(await statValue(page, 'Text shares'), '12');
  assert.is(await statValue(page, 'Storage configs'), '1', 'the embedded local config');
  const todayRow = page.locator(`[data-testid="activity-table"] tr[data-date="${today()}"]`);
  assert.is(await todayRow.locator('td[data-series="text_created"]').textContent(), '12');
  assert.is(await todayRow.locator('td[data-series="text_views"]').textContent(), '1');
  assert.is(await page.locator('[data-testid="activity-table"] tbody tr').count(), 7);
  // No capacity limit: the figure says so and no bar is drawn (a full bar read as "storage full").
  const local = page.locator('.usage-row[data-config="Local storage"]');
  await local.waitFor();
  assert.match((await local.textContent()) ?? '', /no limit/);
  assert.is(await local.locator('.usage-bar').count(), 0, 'no bar without a capacity');
});

test('the activity chart draws with chart.js and switches between bar and line (remembered)', async ({
  page,
}) => {
  const box = page.locator('.chart-box');
  await page.waitForFunction(
    () => (document.querySelector('.chart-box canvas') as HTMLCanvasElement)?.width > 0,
  );
  assert.is(await box.getAttribute('data-chart-kind'), 'bar');
  await page.getByRole('button', { name: 'Line' }).click();
  assert.is(await box.getAttribute('data-chart-kind'), 'line');
  await page.reload();
  await page.waitForSelector('.chart-box');
  assert.is(await page.locator('.chart-box').getAttribute('data-chart-kind'), 'line');
  assert.is(await page.getByRole('button', { name: 'Line' }).getAttribute('aria-pressed'), 'true');
});

test('text management: pages of 10, search, sort by creation, view, copy link, QR', async ({
  page,
  admin,
}) => {
  await openModule(page, /^Text management$/, 'text-management');
  await expectRows(page, 'text-management', 10);
  assert.match(await page.locator('.pagination').textContent(), /1–10 of 12/);
  await page.locator('.pagination').getByRole('button', { name: '2' }).click();
  await page.waitForURL(/page=2/);
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row]').length === 2);

  await page.getByRole('searchbox').fill('needle');
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row]').length === 1);
  assert.match(await rows(page, 'text-management').first().textContent(), /the needle/);
  assert.ok(!page.url().includes('page=2'), 'a new search starts on page 1');
  await page.getByRole('searchbox').fill('');
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row]').length === 10);

  const all = (await admin.pastes.list({ limit: 100 })).items;
  const oldest = all[all.length - 1];
  await page.getByRole('button', { name: /^Created/ }).click();
  await page.waitForURL(/order=asc/);
  await page.waitForFunction(
    (slug) => document.querySelector('tbody tr[data-row] .cell-main')?.textContent === slug,
    oldest.slug,
  );

  await page.getByRole('button', { name: `View ${oldest.slug}` }).click();
  assert.match(
    await dialog(page, 'paste-view').getByTestId('paste-content').textContent(),
    /note 0\nline two/,
  );
  await dialog(page, 'paste-view').getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: `Copy link of ${oldest.slug}` }).click();
  await toast(page, /Link copied/);
  assert.is(await clipboardText(page), oldest.url);

  await page.getByRole('button', { name: `QR code for ${oldest.slug}` }).click();
  const qr = dialog(page, 'qr').locator('img.qr-image');
  await qr.waitFor();
  assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
  await dialog(page, 'qr').getByRole('button', { name: 'Close' }).click();
});

test('text management: edit validates inline, then saves content, slug, password, views', async ({
  page,
  admin,
}) => {
  const target = (await admin.pastes.list({ search: 'needle' })).items[0];
  await page.getByRole('searchbox').fill('needle');
  await page.getByRole('button', { name: `Edit ${target.slug}` }).click();
  const d = dialog(page, 'paste-edit');
  await d.locator('input[name="slug"]').fill('bad slug!');
  await d.locator('input[name="max_views"]').fill('-2');
  await d.getByRole('button', { name: 'Save' }).click();
  await d.getByText('Use only letters, digits, hyphen and underscore').waitFor();
  await d.getByText(/Max views must be a whole number/).waitFor();
  assert.is((await admin.pastes.getById(target.id)).slug, target.slug, 'nothing was sent');

  await d.locator('input[name="slug"]').fill('edited-in-admin');
  await d.locator('input[name="max_views"]').fill('5');
  await d.locator('textarea[name="content"]').fill('edited content');
  await d.locator('select[name="password_mode"]').selectOption('set');
  await d.locator('input[name="new_password"]').fill('pw-for-share');
  await d.locator('select[name="expiry"]').selectOption('168');
  await d.getByRole('button', { name: 'Save' }).click();
  await toast(page, /Text share updated/);
  const saved = await admin.pastes.getById(target.id);
  assert.equal(
    [saved.slug, saved.content, saved.max_views, saved.has_password],
    ['edited-in-admin', 'edited content', 5, true],
  );
  const hours = (Date.parse(saved.expires_at ?? '') - Date.now()) / 3_600_000;
  assert.ok(hours > 167 && hours <= 168, 'expires in 7 days');
  await page.getByRole('searchbox').fill('');
});

test('text management: delete one, bulk delete, clear expired, each after a confirmation', async ({
  page,
  admin,
}) => {
  await admin.pastes.create({ content: 'soon gone', expires_in: 0.0001 });
  await page.getByRole('button', { name: 'Refresh' }).click();
  const before = (await admin.pastes.list()).total;
  const shown = rows(page, 'text-management');
  await shown.nth(2).waitFor();
  const first = await Promise.all(
    [0, 1, 2].map(async (i) => ({
      id: (await shown.nth(i).getAttribute('data-row')) ?? '',
      slug: (await shown.nth(i).locator('.cell-main').textContent()) ?? '',
    })),
  );

  await page.getByRole('button', { name: `Delete ${first[0].slug}` }).click();
  await dialog(page, 'confirm').getByRole('button', { name: 'Cancel' }).click();
  assert.is((await admin.pastes.list()).total, before, 'cancel deletes nothing');
  await page.getByRole('button', { name: `Delete ${first[0].slug}` }).click();
  await confirmDialog(page, /^Delete$/);
  await toast(page, /Text share deleted/);
  assert.is((await admin.pastes.list()).total, before - 1);

  await page.locator(`tr[data-row="${first[1].id}"] input[type="checkbox"]`).check();
  await page.locator(`tr[data-row="${first[2].id}"] input[type="checkbox"]`).check();
  assert.match(await page.locator('.bulk-bar').textContent(), /2 selected/);
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await confirmDialog(page, /^Delete 2$/);
  await toast(page, /2 text shares deleted/);
  assert.is((await admin.pastes.list()).total, before - 3);

  // 'soon gone' expired 0.36 s after it was made: move the server past that (a second is harmless to the
  // times the other tests compare with the browser's clock).
  clock.advance(1000);
  await page.getByRole('button', { name: 'Clear expired' }).click();
  await confirmDialog(page, /^Clear expired$/);
  await toast(page, /1 expired text shares cleared/);
  assert.is((await admin.pastes.list()).total, before - 4);
});

test('file management: sort by size, search, edit, preview link, delete with its object', async ({
  page,
  admin,
}) => {
  const upload = (name: string, bytes: number, remark?: string) =>
    admin.files.upload(new Blob([new Uint8Array(bytes).fill(97)]), { remark }, { filename: name });
  const small = await upload('small.txt', 10);
  const big = await upload('big.bin', 5000, 'the large one');
  const mid = await upload('mid.txt', 700);
  await openModule(page, /^File management$/, 'file-management');
  await expectRows(page, 'file-management', 3);
  const names = () =>
    page.locator('[data-module="file-management"] tbody tr[data-row] .cell-main').allTextContents();
  assert.equal(await names(), ['mid.txt', 'big.bin', 'small.txt'], 'newest first');
  await page.getByRole('button', { name: /^Size/ }).click();
  await page.waitForURL(/sort=size/);
  await page.waitForFunction(
    () => document.querySelector('tbody tr[data-row] .cell-main')?.textContent === 'big.bin',
  );
  assert.equal(await names(), ['big.bin', 'mid.txt', 'small.txt']);
  await page.getByRole('button', { name: /^Size/ }).click();
  await page.waitForFunction(
    () => document.querySelector('tbody tr[data-row] .cell-main')?.textContent === 'small.txt',
  );

  await page.getByRole('searchbox').fill('large one');
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row]').length === 1);
  assert.is(await page.locator(`a[href="${big.url}"]`).count(), 1, 'the preview link opens the share page');

  await page.getByRole('button', { name: 'Edit big.bin' }).click();
  const d = dialog(page, 'file-edit');
  await d.locator('input[name="remark"]').fill('renamed remark');
  await d.locator('select[name="password_mode"]').selectOption('set');
  await d.locator('input[name="new_password"]').fill('file-pw');
  await d.locator('input[name="max_views"]').fill('3');
  await d.getByRole('button', { name: 'Save' }).click();
  await toast(page, /File share updated/);
  const edited = await admin.files.getById(big.id);
  assert.equal([edited.remark, edited.has_password, edited.max_views], ['renamed remark', true, 3]);

  await page.getByRole('searchbox').fill('');
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-row]').length === 3);
  await page.getByRole('button', { name: 'Delete mid.txt' }).click();
  await confirmDialog(page, /^Delete$/);
  await toast(page, /File share deleted/);
  const gone = await fetch(
    `${(await admin.files.list()).items.length ? '' : ''}${mid.url.replace('/file/', '/api/public/files/')}`,
  );
  assert.is(gone.status, 404, 'the share is gone');

  await page.locator(`tr[data-row="${small.id}"] input[type="checkbox"]`).check();
  await page.locator(`tr[data-row="${big.id}"] input[type="checkbox"]`).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await confirmDialog(page, /^Delete 2$/);
  await toast(page, /2 file shares deleted/);
  assert.is((await admin.files.list()).total, 0);
  await page.getByText('No file shares yet.').waitFor();
});

test('no console errors on the way', ({ env }) => {
  assert.equal(env.consoleErrors, []);
});

if (chromiumAvailable()) test.run();
