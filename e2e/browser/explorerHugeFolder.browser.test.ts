// @clip-databases sqlite postgres
/**
 * A folder of many pages in the explorer (issue 34 item 3, ADR 0079): its first rows show while the
 * later pages are still on their way, the rest arrive in the background, and scrolling, the filter and
 * the sorts then reach entries of the last page. 5,000 files (a first page of 200, then pages of
 * 1,000) keep the suite quick; bench/explorer-huge.mjs measures 100,000.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Route } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

const COUNT = 5000;
const name = (i: number) => `file-${String(i).padStart(6, '0')}.txt`;
/** The one largest file, in the last page. */
const LARGEST = 4321;

const test = suite<{ env: BrowserEnv; token: string; root: string }>('explorer huge folder');

test.before(async (ctx) => {
  ctx.root = await mkdtemp(join(tmpdir(), 'clip-explorer-huge-'));
  const dir = join(ctx.root, 'big');
  await mkdir(dir);
  for (let i = 0; i < COUNT; i += 100)
    await Promise.all(
      Array.from({ length: 100 }, (_, k) =>
        writeFile(join(dir, name(i + k)), i + k === LARGEST ? 'x'.repeat(5000) : `${i + k}\n`),
      ),
    );
  ctx.env = await startBrowserEnv();
  const admin = await ctx.env.server.adminClient();
  ctx.token = await ctx.env.server.adminToken();
  const disk = await admin.storageConfigs.create({
    name: 'Huge',
    provider_type: 'local',
    root_path: ctx.root,
  });
  await admin.mounts.create({
    name: 'Huge',
    mount_path: '/huge',
    storage_type: 'local',
    storage_config_id: disk.id,
  });
});
test.after(async (ctx) => {
  await ctx.env?.close();
  if (ctx.root) await rm(ctx.root, { recursive: true, force: true });
});

test('the first rows show before the later pages arrive; then scroll, filter and sort reach the last page', async (ctx) => {
  const context = await ctx.env.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((token) => {
    localStorage.setItem('admin_token', token);
    localStorage.setItem('clip-explorer-view', 'list');
  }, ctx.token);

  // Every page after the first is held until the first rows have been seen.
  const held: Route[] = [];
  let secondAsked: () => void = () => undefined;
  const secondPage = new Promise<void>((resolve) => {
    secondAsked = resolve;
  });
  let holding = true;
  await page.route('**/api/admin/fs/list*', (route) => {
    if (!holding || !new URL(route.request().url()).searchParams.has('cursor')) return route.continue();
    held.push(route);
    secondAsked();
  });
  await page.goto('/mount-explorer/huge/big');
  await page.getByRole('link', { name: name(0), exact: true }).waitFor();
  const more = page.getByTestId('explorer-more');
  await more.waitFor();
  assert.match((await more.textContent()) ?? '', /200 so far/);
  // The second page is asked for once the first is in; the third waits for the second's cursor.
  await secondPage;
  assert.is(held.length, 1);
  assert.is(await page.getByRole('link', { name: name(COUNT - 1), exact: true }).count(), 0);
  await page.screenshot({ path: join(tmpdir(), 'explorer-huge-loading-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await more.waitFor();
  await page.screenshot({ path: join(tmpdir(), 'explorer-huge-loading-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  holding = false;
  for (const route of held) await route.continue();
  await more.waitFor({ state: 'detached' });
  const list = page.getByRole('region', { name: 'Contents of /huge/big' });
  assert.is(await list.getAttribute('data-count'), String(COUNT));

  // Scrolling to the end shows the last name.
  await list.hover();
  await page.mouse.wheel(0, COUNT * 60);
  await page.getByRole('link', { name: name(COUNT - 1), exact: true }).waitFor();

  // The filter finds a name of the last page, alone.
  const filter = page.getByLabel('Filter this folder');
  await filter.fill(String(COUNT - 2).padStart(6, '0'));
  await page.getByRole('link', { name: name(COUNT - 2), exact: true }).waitFor();
  await page.waitForFunction(
    () => document.querySelector('[data-count]')?.getAttribute('data-count') === '1',
  );
  await filter.fill('');

  // Name descending starts at the last page's last name; size descending at the largest file.
  const sortBy = page.getByLabel('Sort by');
  const firstRow = () => page.locator('.entry[data-index="0"]').getAttribute('data-entry');
  await sortBy.selectOption({ label: 'Name ↓' });
  await page.waitForFunction(
    (last) => document.querySelector('.entry[data-index="0"]')?.getAttribute('data-entry') === last,
    name(COUNT - 1),
  );
  await sortBy.selectOption({ label: 'Size ↓' });
  await page.waitForFunction(
    (largest) => document.querySelector('.entry[data-index="0"]')?.getAttribute('data-entry') === largest,
    name(LARGEST),
  );
  assert.is(await firstRow(), name(LARGEST));
  await page.screenshot({ path: join(tmpdir(), 'explorer-huge-sorted-1280.png') });
  await context.close();
  assert.equal(ctx.env.consoleErrors, []);
});

if (chromiumAvailable()) test.run();
