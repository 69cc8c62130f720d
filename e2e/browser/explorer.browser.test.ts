// @clip-databases sqlite postgres
/**
 * The mount explorer and mount management in Chromium against a live server with a local mount:
 * mount CRUD with inline validation, browsing and breadcrumbs, list/grid, new folder, drop upload,
 * rename, previews (an HTML preview cannot read our localStorage), text edit and save, direct link,
 * download, batch select and delete, the ?preview= deep link and the key path tree.
 */

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3rver, type TestS3 } from '@clip/server/testing';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addS3Config } from '../upload/helpers.ts';
import { confirmDialog, dialog, openModule, signInAdmin, toast } from './adminHelpers.ts';
import { traceApi } from './apiTrace.ts';
import { type BrowserEnv, chromiumAvailable, signInWithKey, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv; page: Page; s3: TestS3 }>('mount explorer');

// A 1×1 PNG.
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  ctx.s3 = await startS3rver();
  const admin = await ctx.env.server.adminClient();
  await admin.storageConfigs.create({ name: 'Disk', provider_type: 'local', root_path: 'explorer-store' });
  const s3Config = await addS3Config(ctx.env.server, ctx.s3);
  await admin.transport.request('POST', '/admin/mounts', {
    body: {
      name: 'Bucket',
      mount_path: '/s3',
      storage_type: 's3',
      storage_config_id: s3Config,
      sort_order: 1,
    },
  });
  ctx.page = await ctx.env.open('/admin');
  await signInAdmin(ctx.page);
});
test.after(async (ctx) => {
  await ctx.env?.close();
  await ctx.s3?.close();
});

const entry = (page: Page, name: string) => page.locator(`[data-entry="${name}"]`);

async function dropOnExplorer(page: Page, files: { name: string; type: string; text: string }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.text], f.name, { type: f.type }));
    return dt;
  }, files);
  await page.dispatchEvent('[data-testid="explorer"]', 'drop', { dataTransfer });
}

test('mount management: validation inline, create, disable/enable, edit', async ({ page }) => {
  await openModule(page, /Mount management/, 'mount-management');
  await page.getByRole('button', { name: 'New mount' }).click();
  const form = dialog(page, 'mount-form');
  await form.locator('input[name="name"]').fill('L');
  await form.locator('input[name="mount_path"]').fill('/api/x');
  await form.locator('input[name="cache_ttl"]').fill('-1');
  await form.getByRole('button', { name: 'Create' }).click();
  await form.getByText('Between 2 and 50 characters').waitFor();
  await form.getByText(/first segment is reserved/).waitFor();
  await form.getByText('A whole number of 0 or more').waitFor();
  await form.locator('input[name="name"]').fill('Local files');
  await form.locator('input[name="mount_path"]').fill('/local');
  await form.locator('input[name="cache_ttl"]').fill('0');
  await form.getByRole('button', { name: 'Create' }).click();
  await toast(page, /Mount created/);
  const row = page.locator('[data-module="mount-management"] tbody tr[data-row]', { hasText: '/local' });
  await row.waitFor();
  await row.getByRole('button', { name: 'Disable' }).click();
  await row.getByText('Disabled').waitFor();
  await row.getByRole('button', { name: 'Enable' }).click();
  await row.getByText('Active', { exact: true }).waitFor();
});

test('browse, breadcrumbs, new folder, drop upload, list/grid remembered', async ({ page }) => {
  await page.goto('/mount-explorer');
  await entry(page, 'local').waitFor();
  await entry(page, 'local').locator('.entry-open').click();
  await page.waitForURL(/\/mount-explorer\/local$/);
  await page.getByTestId('explorer-empty').waitFor();
  await page.getByRole('button', { name: 'New folder' }).click();
  await dialog(page, 'name').locator('input[name="name"]').fill('docs');
  await dialog(page, 'name').getByRole('button', { name: 'Create' }).click();
  await entry(page, 'docs').waitFor();
  await entry(page, 'docs').locator('.entry-open').click();
  await page.waitForURL(/\/mount-explorer\/local\/docs$/);
  await dropOnExplorer(page, [
    { name: 'notes.md', type: 'text/markdown', text: '# Hello\n\n<script>alert(1)</script>**bold**' },
    {
      name: 'page.html',
      type: 'text/html',
      text: '<p id="r">start</p><script>try{localStorage.getItem("x");document.getElementById("r").textContent="read"}catch(e){document.getElementById("r").textContent="blocked"}</script>',
    },
  ]);
  await entry(page, 'notes.md').waitFor();
  await entry(page, 'page.html').waitFor();
  await page.locator('[data-task-kind="upload"][data-status="completed"]').nth(1).waitFor();
  await page.locator('.breadcrumbs').getByRole('link', { name: 'local' }).click();
  await page.waitForURL(/\/mount-explorer\/local$/);
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  await page.locator('.entry.grid[data-entry="docs"]').waitFor();
  await page.reload();
  await page.locator('.entry.grid[data-entry="docs"]').waitFor();
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await page.locator('.entry.list[data-entry="docs"]').waitFor();
});

test('previews: sanitised Markdown, HTML in a sandbox without our storage, deep link', async ({ page }) => {
  await page.goto('/mount-explorer/local/docs?preview=notes.md');
  const preview = dialog(page, 'preview');
  await preview.locator('[data-testid="preview-markdown"] h1', { hasText: 'Hello' }).waitFor();
  assert.is(await preview.locator('script').count(), 0, 'scripts are removed');
  await preview.getByRole('button', { name: 'Close' }).first().click();
  await page.waitForURL((u) => !u.search.includes('preview'));
  await entry(page, 'page.html').locator('.entry-open').click();
  const frame = page.frameLocator('[data-testid="preview-html"]');
  await frame.locator('#r', { hasText: 'blocked' }).waitFor();
  assert.is(await page.getByTestId('preview-html').getAttribute('sandbox'), 'allow-scripts');
  // Opened on its own (outside our frame), the page is still sandboxed by the server's own policy.
  const src = (await page.getByTestId('preview-html').getAttribute('src')) ?? '';
  const direct = await page.request.get(src);
  assert.match(direct.headers()['content-security-policy'] ?? '', /^sandbox allow-scripts;/);
  assert.match(direct.headers()['content-type'] ?? '', /^text\/html/);
});

test('batch copy across storages becomes a task the task manager follows to completion', async ({
  page,
  env,
}) => {
  const admin = await env.server.adminClient();
  const other = await admin.storageConfigs.create({
    name: 'Other disk',
    provider_type: 'local',
    root_path: 'other-store',
  });
  const created = await admin.transport.request('POST', '/admin/mounts', {
    body: { name: 'Archive', mount_path: '/archive', storage_type: 'local', storage_config_id: other.id },
  });
  assert.ok(created);
  await page.goto('/mount-explorer/local/docs');
  await entry(page, 'notes.md').waitFor();
  await page.getByLabel('Select all').check();
  assert.is(await page.getByTestId('selection-count').textContent(), '2 selected');
  await page.getByRole('button', { name: 'Copy to…' }).click();
  const picker = dialog(page, 'copy');
  await picker.locator('[data-folder="/archive"] .tree-label').click();
  assert.is(await page.getByTestId('copy-target').textContent(), '/archive');
  await picker.getByRole('button', { name: 'Copy here' }).click();
  const task = page.locator('[data-task-kind="copy"]').first();
  await task.waitFor();
  await page.locator('[data-task-kind="copy"][data-status="completed"]').waitFor({ timeout: 60_000 });
  assert.match((await task.textContent()) ?? '', /2 done, 0 skipped, 0 failed of 2/);
  await page.goto('/mount-explorer/archive');
  await entry(page, 'notes.md').waitFor();
  await entry(page, 'page.html').waitFor();
});

test('edit and save, rename, download, direct link, batch delete', async ({ page, env }) => {
  await page.goto('/mount-explorer/local/docs');
  await page.getByRole('button', { name: 'Actions for notes.md' }).click();
  await entry(page, 'notes.md').getByRole('menuitem', { name: 'Edit' }).click();
  const editor = dialog(page, 'text-edit');
  await editor.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nmore');
  // Closing with unsaved changes asks first; staying keeps the text.
  await editor.getByRole('button', { name: 'Close' }).last().click();
  await dialog(page, 'confirm').getByRole('button', { name: 'Cancel' }).click();
  assert.match((await editor.locator('.cm-content').textContent()) ?? '', /more$/);
  await editor.getByRole('button', { name: 'Save' }).click();
  await toast(page, /Saved notes.md/);
  await editor.getByRole('button', { name: 'Close' }).last().click();
  const admin = await env.server.adminClient();
  const res = await fetch(`${env.server.url}/api/admin/fs/download?path=/local/docs/notes.md`, {
    headers: { authorization: `Bearer ${(admin.transport.auth as { token: string }).token}` },
  });
  assert.ok((await res.text()).endsWith('\nmore'), 'the saved text is stored');

  await page.getByRole('button', { name: 'Actions for notes.md' }).click();
  await entry(page, 'notes.md').getByRole('menuitem', { name: 'Rename' }).click();
  await dialog(page, 'name').locator('input[name="name"]').fill('readme.md');
  await dialog(page, 'name').getByRole('button', { name: 'Rename' }).click();
  await entry(page, 'readme.md').waitFor();

  await page.getByRole('button', { name: 'Actions for readme.md' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    entry(page, 'readme.md').getByRole('menuitem', { name: 'Download' }).click(),
  ]);
  assert.is(download.suggestedFilename(), 'readme.md');

  await page.getByRole('button', { name: 'Actions for readme.md' }).click();
  await entry(page, 'readme.md').getByRole('menuitem', { name: 'Direct link' }).click();
  await dialog(page, 'file-link').getByRole('button', { name: 'Create link' }).click();
  const url = await page.getByTestId('file-link-url').inputValue();
  const linked = await fetch(url);
  assert.ok((await linked.text()).startsWith('# Hello'), 'the direct link serves the bytes without a header');
  await dialog(page, 'file-link').getByRole('button', { name: 'Close' }).last().click();

  await entry(page, 'readme.md').locator('input[type="checkbox"]').click();
  await entry(page, 'page.html')
    .locator('input[type="checkbox"]')
    .click({ modifiers: ['Shift'] });
  assert.is(await page.getByTestId('selection-count').textContent(), '2 selected');
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await confirmDialog(page, /^Delete$/);
  await page.getByTestId('explorer-empty').waitFor();
});

test('the key form picks its basic path from the folder tree', async ({ page }) => {
  await page.goto('/admin/key-management');
  await page.waitForSelector('[data-module="key-management"]');
  await page.getByRole('button', { name: /New key|New API key/ }).click();
  await page.getByRole('tab', { name: 'Path selection' }).click();
  await page.locator('[data-folder="/local"] .tree-label').first().click();
  await page.locator('[data-folder="/local"] .tree-toggle').first().click();
  await page.locator('[data-folder="/local/docs"] .tree-label').click();
  assert.is(await page.locator('input[name="basic_path"]').inputValue(), '/local/docs');
});

test('an s3rver mount: upload by the button, image and highlighted code previews', async ({ page }) => {
  await page.goto('/mount-explorer/s3');
  await page.getByTestId('explorer-empty').waitFor();
  await page.getByTestId('upload-input').setInputFiles([
    { name: 'pixel.png', mimeType: 'image/png', buffer: Buffer.from(PIXEL_PNG, 'base64') },
    { name: 'main.ts', mimeType: 'text/plain', buffer: Buffer.from('const answer: number = 42;\n') },
  ]);
  await entry(page, 'pixel.png').waitFor();
  await entry(page, 'main.ts').waitFor();
  await entry(page, 'pixel.png').locator('.entry-open').click();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="preview-image"]');
    return Boolean(img?.complete && img.naturalWidth === 1);
  });
  await page.goto('/mount-explorer/s3?preview=main.ts');
  await page.locator('[data-testid="preview-text"] code.hljs .hljs-keyword').first().waitFor();
});

test('a 40 MiB upload goes in 16 MiB parts and resumes after a reload from the parts the server has', async ({
  page,
}) => {
  await page.goto('/mount-explorer/s3');
  await entry(page, 'pixel.png').waitFor();
  // A file on disk, so both picks carry the same modification time (part of the resume fingerprint).
  const dir = await mkdtemp(join(tmpdir(), 'clip-explorer-'));
  const file = join(dir, 'big.bin');
  await writeFile(file, Buffer.alloc(40 * 1024 * 1024, 7));
  // The explorer asks for 16 MiB parts (ADR 0087): three. One reaches the server; the others are held in
  // the browser until the page goes away.
  let passed = 0;
  await page.route(/\/fs\/multipart\/part/, (route) => {
    if (passed < 1) {
      passed++;
      return route.continue();
    }
    return new Promise(() => undefined);
  });
  const stored: number[] = [];
  page.on('response', (res) => {
    if (/\/fs\/multipart\/part/.test(res.url()) && res.ok()) stored.push(1);
  });
  await page.getByTestId('upload-input').setInputFiles(file);
  await (async () => {
    for (let i = 0; i < 600 && stored.length < 1; i++) await page.waitForTimeout(50);
  })();
  assert.is(stored.length, 1, 'one part stored before the reload');
  // Reload first: the held parts die with the page and never reach the server.
  await page.reload();
  await page.unroute(/\/fs\/multipart\/part/);
  await page
    .locator('[data-task-kind="upload"][data-status="interrupted"]', { hasText: 'big.bin' })
    .waitFor();
  const sentAfter: string[] = [];
  page.on('request', (req) => {
    if (/\/fs\/multipart\/part/.test(req.url())) sentAfter.push(req.url());
  });
  await page.getByTestId('upload-input').setInputFiles(file);
  await entry(page, 'big.bin').waitFor({ timeout: 120_000 });
  assert.is(sentAfter.length, 2, 'only the two missing parts of three are sent again');
  assert.match((await entry(page, 'big.bin').textContent()) ?? '', /40\.0 MiB/);
  await rm(dir, { recursive: true, force: true });
});

test('preview kinds: video (seekable by Range), audio, PDF, Office viewers with a note, no preview', async ({
  page,
}) => {
  await page.goto('/mount-explorer/local');
  await page.getByRole('button', { name: 'New folder' }).click();
  await dialog(page, 'name').locator('input[name="name"]').fill('media');
  await dialog(page, 'name').getByRole('button', { name: 'Create' }).click();
  await entry(page, 'media').locator('.entry-open').click();
  await page.waitForURL(/\/local\/media$/);
  const bytes = Buffer.alloc(4096, 1);
  const trace = traceApi(page, /\/api\/(admin|user)\/fs\//);
  await page.getByTestId('upload-input').setInputFiles([
    { name: 'clip.mp4', mimeType: 'video/mp4', buffer: bytes },
    { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: bytes },
    { name: 'paper.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    { name: 'sheet.xlsx', mimeType: 'application/octet-stream', buffer: bytes },
    { name: 'blob.bin', mimeType: 'application/octet-stream', buffer: bytes },
  ]);
  // Once in many runs on a loaded machine blob.bin did not appear in 90 s: a repeat says why.
  await trace.waitFor(entry(page, 'blob.bin'), async () => ({
    transfers: await page.evaluate(() => localStorage.getItem('clip-explorer-transfers')),
    entries: await page.locator('[data-entry]').evaluateAll((els) => els.map((e) => e.dataset.entry)),
  }));
  const open = async (name: string, testId: string) => {
    await page.goto(`/mount-explorer/local/media?preview=${name}`);
    const el = page.getByTestId(testId);
    await el.waitFor();
    return el;
  };
  const video = await open('clip.mp4', 'preview-video');
  const src = (await video.getAttribute('src')) ?? '';
  const ranged = await page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { range: 'bytes=0-9' } });
    return { status: res.status, length: (await res.arrayBuffer()).byteLength };
  }, src);
  assert.equal(ranged, { status: 206, length: 10 }, 'the video link answers Range requests');
  await open('song.mp3', 'preview-audio');
  await open('paper.pdf', 'preview-pdf');
  const office = await open('sheet.xlsx', 'preview-office');
  assert.match((await office.textContent()) ?? '', /leaves this server/);
  const viewer = await office.getByRole('link', { name: 'Microsoft Office viewer' }).getAttribute('href');
  assert.match(viewer ?? '', /^https:\/\/view\.officeapps\.live\.com\/op\/view\.aspx\?src=http/);
  const none = await open('blob.bin', 'preview-none');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    none.getByRole('button', { name: 'Download' }).click(),
  ]);
  assert.is(download.suggestedFilename(), 'blob.bin');
});

test('a key sees mount management read-only, with the note that keys cannot change mounts', async ({
  env,
}) => {
  const { key } = await env.server.keyClient({ mount: true });
  const page = await env.open('/admin');
  await signInWithKey(page, key);
  await page.goto('/admin/mount-management');
  await page.locator('[data-module="mount-management"] tbody tr[data-row]').first().waitFor();
  await page.getByText('API keys cannot create, edit, enable, disable or delete mounts').waitFor();
  assert.is(await page.getByRole('button', { name: 'New mount' }).count(), 0);
  assert.is(await page.getByRole('button', { name: 'Disable' }).count(), 0);
  await page.context().close();
});

test('keyboard: arrows move, space selects, Ctrl+A selects all, Enter opens; focus is visible', async ({
  page,
}) => {
  await page.goto('/mount-explorer/s3');
  await entry(page, 'big.bin').waitFor();
  await entry(page, 'big.bin').locator('.entry-open').focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(
    () => document.activeElement?.closest('[data-entry]')?.getAttribute('data-entry') === 'main.ts',
  );
  assert.ok(
    await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle !== 'none'),
    'a visible focus ring',
  );
  assert.is(
    await page.evaluate(() => document.activeElement?.closest('[data-entry]')?.getAttribute('data-entry')),
    'main.ts',
  );
  await page.keyboard.press(' ');
  assert.is(await page.getByTestId('selection-count').textContent(), '1 selected');
  await page.keyboard.press('Control+a');
  assert.is(await page.getByTestId('selection-count').textContent(), '3 selected');
  await page.keyboard.press('Enter');
  await page.waitForURL(/preview=main\.ts/);
  await dialog(page, 'preview').waitFor();
});

test('a key inside its basic path: redirected there, write actions only inside it', async ({ env }) => {
  const { key } = await env.server.keyClient({ mount: true, basic_path: '/local/docs' });
  const page = await env.open('/admin');
  await signInWithKey(page, key);
  await page.goto('/mount-explorer/s3');
  await page.waitForURL((url) => url.pathname === '/mount-explorer/local/docs');
  await page.getByRole('button', { name: 'Upload', exact: true }).waitFor();
  await page.goto('/mount-explorer');
  await entry(page, 'local').waitFor();
  assert.is(await entry(page, 's3').count(), 0, 'only the branch that leads to the basic path');
  assert.is(
    await page.getByRole('button', { name: 'Upload', exact: true }).count(),
    0,
    'no upload above the basic path',
  );
  await page.context().close();
});

test('no console errors on the way', ({ env }) => {
  assert.equal(env.consoleErrors, []);
});

if (chromiumAvailable()) test.run();
