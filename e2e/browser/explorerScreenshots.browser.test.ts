// @clip-databases sqlite
/**
 * Screenshots of the mount explorer (list, grid, an open row menu, preview, task manager) and of mount
 * management in light and dark, Chinese and English, and on a 390 px phone; with CLIP_UPDATE_SCREENSHOTS=1 they replace those in
 * docs/screenshots/. Also checks both screens fit a 390 px phone (tables scroll in their own box).
 * The Chinese ones need a CJK font installed (Debian: `apt-get install -y fonts-noto-cjk`), else
 * Chromium draws boxes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type BrowserEnv,
  chromiumAvailable,
  requireCjkFontForScreenshots,
  startBrowserEnv,
} from './harness.ts';

requireCjkFontForScreenshots();
const OUT = process.env.CLIP_UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL('../../docs/screenshots/', import.meta.url))
  : `${mkdtempSync(join(tmpdir(), 'clip-shots-'))}/`;
const test = suite<{ env: BrowserEnv; token: string }>('explorer screenshots');

const README = `# Team handbook

Welcome! This folder holds **everything** the team shares.

\`\`\`ts
export const answer: number = 42;
\`\`\`
`;

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  const admin = await ctx.env.server.adminClient();
  ctx.token = await ctx.env.server.adminToken();
  const disk = await admin.storageConfigs.create({
    name: 'Team disk',
    provider_type: 'local',
    root_path: 'team',
  });
  const archive = await admin.storageConfigs.create({
    name: 'Archive disk',
    provider_type: 'local',
    root_path: 'arch',
  });
  await admin.mounts.create({
    name: 'Team files',
    mount_path: '/team',
    storage_type: 'local',
    storage_config_id: disk.id,
    remark: 'Shared documents',
  });
  await admin.mounts.create({
    name: 'Archive',
    mount_path: '/archive',
    storage_type: 'local',
    storage_config_id: archive.id,
    sort_order: 1,
    cache_ttl: 0,
  });
  for (const folder of ['design', 'photos', 'reports']) await admin.fs.mkdir(`/team/${folder}`);
  const files: [string, string, string][] = [
    ['README.md', README, 'text/markdown'],
    ['budget-2026.csv', 'quarter,amount\nQ1,1200\nQ2,1350\n', 'text/csv'],
    ['deploy.sh', '#!/bin/sh\nset -e\nnpm ci && npm run build\n', 'text/x-sh'],
    ['notes.txt', 'Call the printer people on Monday.\n', 'text/plain'],
    ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>', 'image/svg+xml'],
  ];
  for (const [name, text, type] of files)
    await admin.fs.upload('/team', new Blob([text], { type }), { filename: name });
  // Two pictures, so the grid shows its thumbnails.
  for (const [name, from, to] of [
    ['harbour.jpg', [20, 90, 160], [240, 170, 90]],
    ['meadow.jpg', [60, 140, 70], [230, 220, 120]],
  ] as const)
    await admin.fs.upload(
      '/team',
      new Blob([await gradientJpeg(640, 420, from, to)], { type: 'image/jpeg' }),
      {
        filename: name,
      },
    );
  // A finished copy task for the task manager (across storages, so it runs as a task).
  const copy = await admin.fs.batchCopy({
    items: [{ sourcePath: '/team/reports', targetPath: '/archive/reports' }],
  });
  if ('task_id' in copy) for await (const _ of admin.tasks.watch(copy.task_id, { intervalMs: 100 }));
});
/** A diagonal blend of two colours as a JPEG: a picture without a committed binary fixture. */
function gradientJpeg(
  width: number,
  height: number,
  from: readonly number[],
  to: readonly number[],
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++)
        pixels[(y * width + x) * 3 + c] = Math.round(from[c] + (to[c] - from[c]) * t);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

test.after(async (ctx) => {
  await ctx.env?.close();
});

async function signedIn(
  ctx: { env: BrowserEnv; token: string },
  options: Parameters<BrowserEnv['newContext']>[0],
) {
  const context = await ctx.env.newContext({ serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('admin_token', token), ctx.token);
  return { context, page };
}

/** Both pictures' thumbnails drawn in the grid (they load lazily, after the tiles). */
const thumbnailsShown = (page: Page) =>
  page.waitForFunction(() => {
    const pictures = [...document.querySelectorAll<HTMLImageElement>('img.entry-thumb')];
    return pictures.length === 2 && pictures.every((p) => p.complete && p.naturalWidth > 0);
  });

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const language of ['en', 'zh'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`explorer and mount management in ${language}, ${theme}`, async (ctx) => {
      const { context, page } = await signedIn(ctx, {
        locale: language === 'zh' ? 'zh-CN' : 'en-US',
        colorScheme: theme,
        viewport: { width: 1280, height: 760 },
      });
      const shot = async (name: string) => {
        assert.is(await page.getAttribute('html', 'lang'), language === 'zh' ? 'zh-CN' : 'en', name);
        assert.is(
          await page.evaluate(() => document.documentElement.classList.contains('dark')),
          theme === 'dark',
        );
        assert.ok(await fitsWidth(page), `${name} fits 1280 px`);
        await page.screenshot({ path: `${OUT}${name}-${theme}-${language}.png` });
      };
      await page.evaluate(() => localStorage.setItem('clip-explorer-tasks-open', '0'));
      await page.goto('/mount-explorer/team');
      await page.locator('[data-entry="README.md"]').waitFor();
      await shot('mount-explorer-list');
      await page.locator('.segmented button').nth(1).click();
      await page.locator('.entry.grid[data-entry="README.md"]').waitFor();
      await thumbnailsShown(page);
      await shot('mount-explorer-grid');
      await page.locator('.segmented button').nth(0).click();
      await page.locator('.entry.list[data-entry="README.md"]').waitFor();
      await page.locator('[data-entry="notes.txt"] .row-menu-button').click();
      await page.locator('[data-entry="notes.txt"] [role="menu"]').waitFor();
      await shot('mount-explorer-row-menu');
      await page.keyboard.press('Escape');
      await page.goto('/mount-explorer/team?preview=README.md');
      await page.locator('[data-testid="preview-markdown"] code.hljs').waitFor();
      await shot('mount-explorer-preview');
      await page.goto('/mount-explorer/archive');
      await page.locator('[data-entry="reports"]').waitFor();
      await page.locator('.explorer-toolbar button[aria-pressed="false"]').last().click();
      await page.locator('[data-task-kind="copy"][data-status="completed"]').waitFor();
      await shot('mount-explorer-tasks');
      await page.goto('/admin/mount-management');
      await page.locator('[data-module="mount-management"] tbody tr[data-row]').nth(1).waitFor();
      await shot('admin-mount-management');
      await context.close();
    });
  }
}

test('the explorer and mount management fit a 390 px phone', async (ctx) => {
  const { context, page } = await signedIn(ctx, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await page.evaluate(() => localStorage.setItem('clip-explorer-view', 'list'));
  await page.goto('/mount-explorer/team');
  await page.locator('[data-entry="README.md"]').waitFor();
  assert.ok(await fitsWidth(page), 'explorer');
  await page.screenshot({ path: `${OUT}mount-explorer-list-390.png` });
  await page.locator('[data-entry="notes.txt"] .row-menu-button').click();
  await page.locator('[data-entry="notes.txt"] [role="menu"]').waitFor();
  await page.screenshot({ path: `${OUT}mount-explorer-row-menu-390.png` });
  await page.keyboard.press('Escape');
  await page.locator('.segmented button').nth(1).click();
  await page.locator('.entry.grid[data-entry="README.md"]').waitFor();
  await thumbnailsShown(page);
  assert.ok(await fitsWidth(page), 'explorer grid');
  await page.screenshot({ path: `${OUT}mount-explorer-grid-390.png` });
  await page.locator('.segmented button').nth(0).click();
  await page.goto('/admin/mount-management');
  await page.locator('[data-module="mount-management"] tbody tr[data-row]').first().waitFor();
  assert.ok(await fitsWidth(page), 'mount management: the table scrolls inside its own box');
  await page.screenshot({ path: `${OUT}admin-mount-management-390.png` });
  await context.close();
});

if (chromiumAvailable()) test.run();
