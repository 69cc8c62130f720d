// @clip-databases sqlite postgres
/**
 * A folder of many pages in the two views that once read it whole (issue 34 item 3): the folder tree
 * (the copy dialog's target picker) shows the subfolder of the first page while the later pages are
 * held back, and the path share's folder view shows its first rows; then the rest arrives, the later
 * subfolder in its sorted place. 5,000 files (a first page of 200, then pages of 1,000) keep the suite
 * quick; bench/explorer-huge.mjs measures the share view at 100,000.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localMount } from '@clip/server/testing';
import type { Page, Route } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dialog } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

const COUNT = 5000;
const name = (i: number) => `file-${String(i).padStart(6, '0')}.txt`;
/** Storage lists names in byte order: the first subfolder is in the first page, the last in the last. */
const FIRST_SUB = 'a-first';
const LAST_SUB = 'zz-last';

const test = suite<{ env: BrowserEnv; token: string; root: string; shots: string }>('huge folder views');

test.before(async (ctx) => {
  ctx.root = await mkdtemp(join(tmpdir(), 'clip-huge-views-'));
  ctx.shots = await mkdtemp(join(tmpdir(), 'clip-huge-views-shots-'));
  const dir = join(ctx.root, 'big');
  await mkdir(join(dir, FIRST_SUB), { recursive: true });
  await mkdir(join(dir, LAST_SUB));
  await writeFile(join(ctx.root, 'note.txt'), 'to copy\n');
  for (let i = 0; i < COUNT; i += 100)
    await Promise.all(Array.from({ length: 100 }, (_, k) => writeFile(join(dir, name(i + k)), `${i + k}\n`)));
  ctx.env = await startBrowserEnv();
  const admin = await ctx.env.server.adminClient();
  ctx.token = await ctx.env.server.adminToken();
  await localMount(ctx.env.server, { path: '/huge', name: 'Huge', root: ctx.root });
  await admin.pathShares.create({ path: '/huge/big', slug: 'big' });
});
test.after(async (ctx) => {
  await ctx.env?.close();
  if (ctx.root) await rm(ctx.root, { recursive: true, force: true });
});

/**
 * Holds every later page (a request with a cursor) of the listings `pattern` matches until `release()`
 * (`hold()` holds again); `asked()` resolves once one is held.
 */
async function holdLaterPages(page: Page, pattern: string) {
  const held: Route[] = [];
  let holding = true;
  const waiting: (() => void)[] = [];
  await page.route(pattern, (route) => {
    if (!holding || !new URL(route.request().url()).searchParams.has('cursor')) return route.continue();
    held.push(route);
    for (const resolve of waiting.splice(0)) resolve();
  });
  return {
    held,
    asked: () =>
      held.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)),
    async release() {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
    hold() {
      holding = true;
    },
  };
}

async function shoot(page: Page, shots: string, file: string, ready: () => Promise<void>) {
  await page.screenshot({ path: join(shots, `${file}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await page.screenshot({ path: join(shots, `${file}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the folder tree shows a huge folder’s first subfolder before its later pages arrive', async (ctx) => {
  const context = await ctx.env.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('admin_token', token), ctx.token);
  const pages = await holdLaterPages(page, '**/api/admin/fs/list*');
  await page.goto('/mount-explorer/huge');
  await page.getByLabel('Select note.txt').check();
  await page.getByRole('button', { name: 'Copy to…' }).click();
  const picker = dialog(page, 'copy');
  await picker.getByRole('button', { name: 'Expand huge' }).click();
  await picker.getByRole('button', { name: 'Expand big' }).click();

  await picker.getByRole('button', { name: `Expand ${FIRST_SUB}` }).waitFor();
  const more = picker.getByText('Loading more…');
  await more.waitFor();
  await pages.asked();
  assert.is(pages.held.length, 1);
  assert.is(await picker.getByRole('button', { name: `Expand ${LAST_SUB}` }).count(), 0);
  await shoot(page, ctx.shots, 'tree-huge-loading', () => more.waitFor());

  await pages.release();
  await picker.getByRole('button', { name: `Expand ${LAST_SUB}` }).waitFor();
  await more.waitFor({ state: 'detached' });
  // Only the folders: none of the 5,000 files is in the tree.
  assert.equal(
    await picker
      .locator('[data-folder^="/huge/big/"]')
      .evaluateAll((els) => els.map((e) => e.dataset.folder)),
    [`/huge/big/${FIRST_SUB}`, `/huge/big/${LAST_SUB}`],
  );
  await picker.getByRole('button', { name: LAST_SUB, exact: true }).click();
  assert.is(await page.getByTestId('copy-target').textContent(), `/huge/big/${LAST_SUB}`);
  await shoot(page, ctx.shots, 'tree-huge-done', () => picker.waitFor());
  await context.close();
  assert.equal(ctx.env.consoleErrors, []);
});

test('the path share shows a huge folder’s first rows before its later pages arrive', async (ctx) => {
  const context = await ctx.env.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const pages = await holdLaterPages(page, '**/api/public/s/big/list*');
  await page.goto('/s/big');
  await page.getByRole('link', { name: name(0), exact: true }).waitFor();
  await page.getByRole('link', { name: FIRST_SUB, exact: true }).waitFor();
  const more = page.getByText(/^Loading more entries… 200 so far$/);
  await more.waitFor();
  await pages.asked();
  assert.is(pages.held.length, 1);
  assert.is(await page.getByRole('link', { name: LAST_SUB, exact: true }).count(), 0);
  await shoot(page, ctx.shots, 'share-huge-loading', () => more.waitFor());

  await pages.release();
  await page.getByText(/^Loading more entries…/).waitFor({ state: 'detached' });
  const list = page.getByRole('region', { name: 'Files in big' });
  assert.is(await list.getAttribute('data-count'), String(COUNT + 2));
  // Folders first, by name: the last page's subfolder is merged in second.
  const row = (i: number) => page.locator(`.entry[data-index="${i}"]`).getAttribute('data-entry');
  assert.equal([await row(0), await row(1), await row(2)], [FIRST_SUB, LAST_SUB, name(0)]);
  await list.hover();
  await page.mouse.wheel(0, COUNT * 60);
  await page.getByRole('link', { name: name(COUNT - 1), exact: true }).waitFor();
  await shoot(page, ctx.shots, 'share-huge-done', () => list.waitFor());

  // A preview of a file of a later page waits for its page, then shows it.
  pages.hold();
  await page.goto(`/s/big?preview=${name(COUNT - 1)}`);
  const preview = dialog(page, 'preview');
  await pages.asked();
  await more.waitFor();
  assert.is(await preview.getByText('Loading…').count(), 1);
  assert.is(await preview.getByRole('alert').count(), 0);
  await pages.release();
  await preview.getByText(`${COUNT - 1}`, { exact: true }).waitFor();
  assert.is(await preview.getByRole('link', { name: 'Download' }).count(), 1);
  await context.close();
  assert.equal(ctx.env.consoleErrors, []);
});

if (chromiumAvailable()) test.run();
