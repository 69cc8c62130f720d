// @clip-databases sqlite postgres
/**
 * Upload requests in Chromium (issue 29 item 9): the uploader's page (/r/{slug}) with title, message,
 * what is still allowed, files and folders dropped, a progress bar per file, refusals in English and
 * Chinese, the password prompt, and an upload resumed after a page reload without sending again the
 * parts the server holds; "Request files here" in the mount explorer and the admin's module, both showing
 * who sent what. Screenshots go to docs/screenshots when CLIP_SCREENSHOTS=1.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClipClient, uploadToRequest } from '@clip/sdk';
import { localMount, type MountUnderTest } from '@clip/server/testing';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dialog, screenshot, signInAdmin } from './adminHelpers.ts';
import { type BrowserEnv, startBrowserEnv, waitUntil } from './harness.ts';

const test = suite<{ env: BrowserEnv; admin: ClipClient; mount: MountUnderTest; dir: string }>(
  'upload requests',
);
const MIB = 1024 * 1024;

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  ctx.admin = await ctx.env.server.adminClient();
  ctx.mount = await localMount(ctx.env.server, { path: '/team' });
  ctx.dir = await mkdtemp(join(tmpdir(), 'clip-request-browser-'));
});
test.after(async (ctx) => {
  await ctx.env?.close();
  if (ctx.dir) await rm(ctx.dir, { recursive: true, force: true });
});

let folders = 0;
async function requestOn(admin: ClipClient, body: Record<string, unknown> = {}) {
  const path = `/team/in-${++folders}`;
  await admin.fs.mkdir(path);
  return { path, request: await admin.uploadRequests.create({ path, ...body }) };
}

const names = async (admin: ClipClient, path: string) =>
  (await admin.fs.list(path)).items.map((i) => i.name).sort();

/** Chooses files through the page's "Choose files" button, as a person does. */
async function chooseFiles(
  page: Page,
  files: string | string[] | { name: string; mimeType: string; buffer: Buffer }[],
  button = /^(Choose files|选择文件)$/,
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(files);
}

const item = (page: Page, name: string) => page.locator('.upload-item', { hasText: name });

test('an uploader sends files and a folder with a bar each; what remains and the owner’s view follow', async ({
  env,
  admin,
  dir,
}) => {
  const { path, request } = await requestOn(admin, {
    title: 'Holiday photos',
    message: 'Drop everything from the trip here.',
    max_files: 5,
  });
  const page = await env.open(`/r/${request.slug}`);
  await page.getByRole('heading', { name: 'Holiday photos' }).waitFor();
  assert.ok(await page.getByText('Drop everything from the trip here.').isVisible());
  assert.match((await page.getByTestId('request-remaining').textContent()) ?? '', /5 more files/);
  await page.getByLabel(/Your name/).fill('Grace');
  await chooseFiles(page, [
    { name: 'beach.jpg', mimeType: 'image/jpeg', buffer: randomBytes(300_000) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('sunny') },
  ]);
  assert.ok((await page.getByRole('progressbar', { name: 'Progress of beach.jpg' }).count()) <= 1);
  await page.locator('.upload-item[data-status="done"]').nth(1).waitFor();
  // A folder dropped: each file inside goes up (the drop carries entries, as a desktop drag does).
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['day one'], 'day1.txt', { type: 'text/plain' }));
    return dt;
  });
  await page.dispatchEvent('[data-testid="request-drop-zone"]', 'drop', { dataTransfer });
  await page.locator('.upload-item[data-status="done"]').nth(2).waitFor();
  await waitUntil(
    async () => /2 more files/.test((await page.getByTestId('request-remaining').textContent()) ?? ''),
    'the remaining count to follow',
  );
  assert.equal(await names(admin, path), ['beach.jpg', 'day1.txt', 'notes.txt']);
  // A whole folder chosen: each file in it goes up, shown under its folder; the names land flat.
  const album = join(dir, 'album');
  await mkdir(join(album, 'day2'), { recursive: true });
  await writeFile(join(album, 'day2', 'sunset.txt'), 'red sky');
  await chooseFiles(page, album, /^Choose a folder$/);
  await item(page, 'album/day2/sunset.txt').locator('[data-testid="request-file-done"]').waitFor();
  await waitUntil(
    async () => /1 more file\b/.test((await page.getByTestId('request-remaining').textContent()) ?? ''),
    'the remaining count to follow the folder',
  );
  assert.equal(await names(admin, path), ['beach.jpg', 'day1.txt', 'notes.txt', 'sunset.txt']);
  await screenshot(page, 'upload-request-page-en');
  const detail = await admin.uploadRequests.get(request.id);
  assert.equal(
    detail.received.map((r) => r.uploader),
    ['Grace', 'Grace', 'Grace', 'Grace'],
  );
  await page.context().close();
});

test('refusals are clear in English and in Chinese; the password prompt comes first', async ({
  env,
  admin,
  dir,
}) => {
  const { request } = await requestOn(admin, {
    allowed_types: ['.pdf'],
    max_file_bytes: 1000,
    password: 'pw-1',
  });
  const exe = join(dir, 'setup.exe');
  await writeFile(exe, 'MZ');
  const big = join(dir, 'big.pdf');
  await writeFile(big, randomBytes(5000));
  for (const [locale, texts] of [
    [
      'en-US',
      {
        unlock: 'Unlock',
        type: /setup\.exe is not a type this request takes/,
        size: /big\.pdf is larger than/,
      },
    ],
    ['zh-CN', { unlock: '解锁', type: /此请求不接收 setup\.exe 这种类型的文件/, size: /big\.pdf 超过了/ }],
  ] as const) {
    const page = await env.open(`/r/${request.slug}`, { locale });
    await page.locator('input[name="share-password"]').fill('pw-1');
    await page.getByRole('button', { name: texts.unlock }).click();
    await page.getByTestId('request-drop-zone').waitFor();
    await chooseFiles(page, [exe, big], /^(Choose files|选择文件)$/);
    await item(page, 'setup.exe').getByRole('alert').filter({ hasText: texts.type }).waitFor();
    await item(page, 'big.pdf').getByRole('alert').filter({ hasText: texts.size }).waitFor();
    if (locale === 'zh-CN') await screenshot(page, 'upload-request-refusals-zh');
    await page.context().close();
  }
  assert.equal((await admin.uploadRequests.get(request.id)).received, []);
});

test('an upload cut short resumes after a page reload, sending only the parts the server lacks', async ({
  env,
  admin,
  dir,
}) => {
  const { path, request } = await requestOn(admin);
  const file = join(dir, 'video.bin');
  await writeFile(file, randomBytes(12 * MIB));
  const page = await env.open(`/r/${request.slug}`);
  // Part 2 cannot get through (a connection that keeps dropping); parts 1 and 3 can.
  await page.route('**/parts/2', (route) => route.abort('connectionreset'));
  await chooseFiles(page, [file]);
  await item(page, 'video.bin').locator('[data-status="interrupted"], .upload-note').first().waitFor();
  await page.locator('.upload-item[data-status="interrupted"]').waitFor();
  assert.equal(await names(admin, path), [], 'nothing of an unfinished upload shows in the folder');

  await page.unroute('**/parts/2');
  await page.reload();
  await page.getByText('Unfinished uploads from before').waitFor();
  assert.ok(await page.getByText('video.bin').first().isVisible());
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') sent.push(r.url().split('/').pop() ?? '');
  });
  await chooseFiles(page, [file]);
  await page.locator('.upload-item[data-status="done"]').waitFor();
  assert.equal(sent, ['2']);
  assert.equal(await names(admin, path), ['video.bin']);
  assert.is((await admin.fs.list(path)).items[0].size, 12 * MIB);
  await page.context().close();
});

test('a lost connection interrupts an upload, and it goes on by itself when the connection is back', async ({
  env,
  admin,
  dir,
}) => {
  const { path, request } = await requestOn(admin);
  const file = join(dir, 'offline.bin');
  await writeFile(file, randomBytes(12 * MIB));
  const page = await env.open(`/r/${request.slug}`);
  // The network goes away as part 2 leaves: every call fails until it is back.
  let dropped = false;
  await page.route('**/parts/2', async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await page.context().setOffline(true);
    return route.abort('internetdisconnected');
  });
  await chooseFiles(page, [file]);
  await page.locator('.upload-item[data-status="interrupted"]').waitFor();
  assert.equal(await names(admin, path), [], 'nothing of an interrupted upload shows in the folder');
  // Back online: no reload, no file chosen again, no button pressed.
  await page.context().setOffline(false);
  await page.locator('.upload-item[data-status="done"]').waitFor();
  assert.equal(await names(admin, path), ['offline.bin']);
  assert.is((await admin.fs.list(path)).items[0].size, 12 * MIB);
  await page.context().close();
});

test('"Request files here" in the explorer makes a link and shows what arrived; so does the admin module', async ({
  env,
  admin,
}) => {
  await admin.fs.mkdir('/team/scans');
  const page = await env.open('/admin');
  await signInAdmin(page);
  await page.goto('/mount-explorer/team');
  const row = page.locator('[data-entry="scans"]');
  await row.getByRole('button', { name: 'Actions for scans' }).click();
  await row.getByRole('menuitem', { name: 'Request files here' }).click();
  const d = dialog(page, 'request-files');
  await d.getByLabel('Title').fill('Scanned receipts');
  await d.getByLabel('Most files').fill('10');
  await d.getByLabel('Only these types').fill('pdf, image/*');
  await d.getByRole('button', { name: 'Create request link' }).click();
  const linkBox = d.getByRole('textbox', { name: /^Link of / });
  await linkBox.waitFor();
  const link = await linkBox.inputValue();
  assert.match(link, /\/r\/[A-Za-z0-9_-]+$/);
  await uploadToRequest(link, new Blob(['%PDF receipt']), { filename: 'receipt.pdf', uploader: 'Lin' });
  await d.getByRole('button', { name: 'Close' }).last().click();
  await row.getByRole('button', { name: 'Actions for scans' }).click();
  await row.getByRole('menuitem', { name: 'Request files here' }).click();
  await d.getByRole('cell', { name: 'receipt.pdf' }).waitFor();
  assert.ok(await d.getByRole('cell', { name: 'Lin' }).isVisible());
  await screenshot(page, 'upload-request-explorer-dialog');
  await d.getByRole('button', { name: 'Close' }).last().click();

  await page.goto('/admin/upload-requests');
  const table = page.locator('[data-module="upload-requests"]');
  const requestRow = table.locator('tr', { hasText: '/team/scans' });
  await requestRow.waitFor();
  await screenshot(page, 'admin-upload-requests');
  await requestRow.getByRole('button', { name: 'What arrived' }).click();
  await dialog(page, 'request-received').getByRole('cell', { name: 'receipt.pdf' }).waitFor();
  await screenshot(page, 'admin-upload-requests-received');
  await page.context().close();
});

test('no console errors', ({ env }) => {
  assert.equal(
    env.consoleErrors.filter((e) => !/Failed to load resource/.test(e)),
    [],
  );
});

test.run();
