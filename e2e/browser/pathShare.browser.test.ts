// @clip-databases sqlite postgres
/**
 * A path share in Chromium, as a person uses it: the password prompt, the read-only explorer of the
 * shared folder (list and grid, breadcrumbs that stop at the share's root, a Markdown preview, a file's
 * download, the whole folder as a ZIP with its progress bar), on a phone and in Chinese; and the mount
 * explorer's "Share link", which shows the links a path already has and makes a new one.
 * `CLIP_UPDATE_SCREENSHOTS=1` writes the screenshots into docs/guide/images/.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localMount } from '@clip/server/testing';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dialog, openModule, signInAdmin, toast } from './adminHelpers.ts';
import {
  type BrowserEnv,
  chromiumAvailable,
  requireCjkFontForScreenshots,
  startBrowserEnv,
} from './harness.ts';

requireCjkFontForScreenshots();
const OUT = process.env.CLIP_UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL('../../docs/guide/images/', import.meta.url))
  : `${mkdtempSync(join(tmpdir(), 'clip-path-share-'))}/`;
const test = suite<{ env: BrowserEnv; slug: string; id: string }>('path shares');

const README = '# Holiday photos\n\nEverything from **the trip**, sorted by day.\n';

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  await localMount(ctx.env.server, { path: '/team' });
  const admin = await ctx.env.server.adminClient();
  await admin.fs.mkdir('/team/holiday/day 1/morning', { create_parents: true });
  await admin.fs.mkdir('/team/holiday/照片', { create_parents: true });
  await admin.fs.update('/team/holiday/README.md', README);
  await admin.fs.update('/team/holiday/day 1/notes.txt', 'we arrived');
  await admin.fs.update('/team/holiday/day 1/morning/beach.txt', 'sand');
  await admin.fs.update('/team/holiday/照片/海边.txt', 'sea');
  await admin.fs.update('/team/private.txt', 'not shared');
  const share = await admin.pathShares.create({ path: '/team/holiday', password: 'sunny', slug: 'holiday' });
  ctx.slug = share.slug;
  ctx.id = share.id;
});
test.after(async (ctx) => ctx.env?.close());

const entry = (page: Page, name: string) => page.locator(`[data-entry="${name}"]`);

async function unlock(page: Page, password: string) {
  await page.getByLabel(/^(Password|密码)$/).fill(password);
  await page.getByRole('button', { name: /^(Unlock|解锁)$/ }).click();
}

test('the password prompt, then a read-only explorer of the shared folder', async ({ env, slug }) => {
  const page = await env.open(`/s/${slug}`, { viewport: { width: 1280, height: 800 } });
  await page.getByRole('heading', { name: 'Password required' }).waitFor();
  await page.screenshot({ path: `${OUT}path-share-password-en.png` });
  await unlock(page, 'wrong');
  await page
    .getByRole('alert')
    .filter({ hasText: /wrong password/i })
    .waitFor();
  await unlock(page, 'sunny');
  await page.getByTestId('path-share-name').filter({ hasText: 'holiday' }).waitFor();
  await entry(page, 'README.md').waitFor();
  assert.equal(
    await page.locator('[data-entry]').evaluateAll((els) => els.map((e) => e.getAttribute('data-entry'))),
    ['day 1', '照片', 'README.md'],
  );
  // Nothing here writes: no upload, no selection, no delete.
  assert.is(await page.getByRole('button', { name: 'Upload', exact: true }).count(), 0);
  assert.is(await page.getByRole('checkbox').count(), 0);
  await page.screenshot({ path: `${OUT}path-share-folder-en.png` });

  // Into a folder and back through the breadcrumbs, which start at the share's root.
  await entry(page, 'day 1').getByRole('link', { name: 'day 1', exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/s/${slug}/day%201`);
  await entry(page, 'notes.txt').waitFor();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  assert.equal(await crumbs.getByRole('listitem').allTextContents(), ['holiday', 'day 1']);
  await crumbs.getByRole('link', { name: 'holiday' }).click();
  await entry(page, 'README.md').waitFor();

  // A reload opens the share again with the tab's token: no second password.
  await page.reload();
  await entry(page, 'README.md').waitFor();

  // Grid, and the Markdown preview.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' }).click();
  await page.locator('.entry.grid[data-entry="README.md"]').waitFor();
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await entry(page, 'README.md').getByRole('link', { name: 'README.md', exact: true }).click();
  const preview = dialog(page, 'preview');
  await preview.getByTestId('preview-markdown').getByRole('heading', { name: 'Holiday photos' }).waitFor();
  await page.screenshot({ path: `${OUT}path-share-preview-en.png` });
  const [single] = await Promise.all([
    page.waitForEvent('download'),
    preview.getByRole('link', { name: 'Download' }).click(),
  ]);
  assert.is(single.suggestedFilename(), 'README.md');
  assert.is(readFileSync((await single.path())!, 'utf8'), README);
  await preview.getByRole('button', { name: 'Close' }).click();

  // The whole folder as a ZIP, with its progress bar while it comes.
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download all as ZIP' }).click(),
  ]);
  assert.is(zip.suggestedFilename(), 'holiday.zip');
  const names = Object.keys(unzipSync(new Uint8Array(readFileSync((await zip.path())!))));
  assert.equal(names, [
    'holiday/',
    'holiday/README.md',
    'holiday/day 1/',
    'holiday/day 1/morning/',
    'holiday/day 1/morning/beach.txt',
    'holiday/day 1/notes.txt',
    'holiday/照片/',
    'holiday/照片/海边.txt',
  ]);
  await page.context().close();
});

test('the ZIP shows a real progress bar while it downloads', async ({ env, slug }) => {
  const page = await env.open(`/s/${slug}`);
  await unlock(page, 'sunny');
  await entry(page, 'README.md').waitFor();
  // Hold the archive's answer until the bar has been seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/public/s/*/zip*', async (route) => {
    await held;
    await route.continue();
  });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all as ZIP' }).click();
  await page.getByRole('progressbar', { name: 'ZIP download progress' }).waitFor();
  release();
  await download;
  await page.getByRole('progressbar').waitFor({ state: 'detached' });
  await page.context().close();
});

test('on a phone and in Chinese', async ({ env, slug }) => {
  const page = await env.open(`/s/${slug}/照片`, {
    viewport: { width: 390, height: 780 },
    locale: 'zh-CN',
    isMobile: true,
    hasTouch: true,
  });
  await page.getByRole('heading', { name: '需要密码' }).waitFor();
  await unlock(page, 'sunny');
  await entry(page, '海边.txt').waitFor();
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'the page fits the phone',
  );
  await page.getByRole('button', { name: '全部下载为 ZIP' }).waitFor();
  await page.screenshot({ path: `${OUT}path-share-phone-zh.png` });
  await page.context().close();
});

test('a missing share says so', async ({ env }) => {
  const page = await env.open('/s/no-such-share');
  await page.getByRole('heading', { name: 'No share at this link' }).waitFor();
  await page.context().close();
});

test('the mount explorer: "Share link" shows the links of a path and makes a new one', async ({
  env,
  slug,
}) => {
  const context = await env.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto('/mount-explorer/team');
  await entry(page, 'holiday').getByRole('button', { name: 'Actions for holiday' }).click();
  await entry(page, 'holiday').getByRole('menuitem', { name: 'Share link' }).click();
  const share = dialog(page, 'share-link');
  await share.locator(`li[data-slug="${slug}"]`).waitFor();
  await share.getByLabel('Max views (optional)').fill('5');
  await share.getByRole('button', { name: 'Create link' }).click();
  const url = await share.getByTestId('share-link-url').inputValue();
  assert.match(url, new RegExp(`^${env.server.url}/s/[\\w-]+$`));
  assert.is(await share.locator('li[data-slug]').count(), 2);
  await page.screenshot({ path: `${OUT}path-share-explorer-dialog-en.png` });
  // The selection bar offers the same dialog for one selected entry.
  await share.getByRole('button', { name: 'Close' }).last().click();
  await entry(page, 'private.txt').getByRole('checkbox', { name: 'Select private.txt' }).click();
  await page.getByRole('button', { name: 'Share link' }).click();
  await dialog(page, 'share-link').getByRole('heading', { name: 'Share link to private.txt' }).waitFor();
  await dialog(page, 'share-link').getByText('This path has no links yet.').waitFor();
  // The new link opens the folder for anyone, without a password.
  const visitor = await env.open(new URL(url).pathname);
  await entry(visitor, 'README.md').waitFor();
  await visitor.context().close();
  await context.close();
});

test('the admin panel manages path shares beside text and file shares', async ({ env }) => {
  const context = await env.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await openModule(page, /^Path shares$/, 'path-share-management');
  const row = page
    .locator('[data-module="path-share-management"] tbody tr[data-row]', { hasText: 'holiday' })
    .first();
  await row.waitFor();
  await page.screenshot({ path: `${OUT}path-share-admin-en.png` });
  await row.getByRole('button', { name: /^Edit / }).click();
  const edit = dialog(page, 'path-share-edit');
  await edit.locator('textarea[name="remark"], input[name="remark"]').fill('for the family');
  await edit.getByRole('button', { name: 'Save' }).click();
  await toast(page, /Path share updated/);
  await page
    .locator('[data-module="path-share-management"] tbody tr[data-row]', { hasText: 'for the family' })
    .waitFor();
  await context.close();
});

test('no console errors on the way', ({ env }) => {
  // The wrong password's 401 and the missing share's 404 are what a browser logs on its own.
  assert.equal(
    env.consoleErrors.filter((e) => !/status of (401|404)/.test(e)),
    [],
  );
});

if (chromiumAvailable()) test.run();
