// @clip-databases sqlite postgres
/**
 * The explorer's transfers in Chromium against a live server: folder drop and folder pick, an upload
 * cancelled mid-way (nothing left, the session aborted), the client-side copy between two s3rver
 * mounts (downloading then uploading, a failed item shown and retried, cancel), and the task manager
 * on server tasks (cancel a running copy, list and retry its failed items, remove, clear finished; a
 * copy inside one storage and a delete, done within the request, listed with what they did). A relay in
 * front of s3rver (storageGate.ts) holds or refuses the server's writes; page.route holds the browser's.
 */

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClipClient, FsUploadDone } from '@clip/sdk';
import { s3ConfigBody, startS3rver, type TestS3 } from '@clip/server/testing';
import type { Page, Route } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dialog, signInAdmin } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv, waitUntil } from './harness.ts';
import { type StorageGate, startStorageGate } from './storageGate.ts';

const test = suite<{ env: BrowserEnv; page: Page; s3: TestS3; gate: StorageGate; admin: ClipClient }>(
  'explorer transfers',
);

const entry = (page: Page, name: string) => page.locator(`[data-entry="${name}"]`);
const browserCopy = (page: Page) => page.locator('[data-task-source="browser"][data-task-kind="copy"]');
const names = async (admin: ClipClient, path: string) =>
  (await admin.fs.listAll(path, { refresh: true })).items.map((i) => i.name).sort();

async function mount(admin: ClipClient, name: string, path: string, configId: string) {
  await admin.transport.request('POST', '/admin/mounts', {
    body: { name, mount_path: path, storage_type: 's3', storage_config_id: configId },
  });
}

async function s3Config(admin: ClipClient, name: string, endpoint: string, s3: TestS3, folder: string) {
  const config = await admin.storageConfigs.create({
    ...s3ConfigBody(s3, name),
    endpoint_url: endpoint,
    default_folder: folder,
  });
  return String(config.id);
}

async function seed(admin: ClipClient, folder: string, files: string[]): Promise<FsUploadDone[]> {
  const out: FsUploadDone[] = [];
  for (const name of files)
    out.push(
      await admin.fs.upload(folder, new Blob([`${name} body\n`], { type: 'text/plain' }), {
        filename: name,
        createParents: true,
      }),
    );
  return out;
}

/** With CLIP_SHOTS set, the screen at 1280 and 390 px wide into that folder, to look at. */
async function shoot(page: Page, name: string) {
  const dir = process.env.CLIP_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** Selects everything in `folder` and copies it to `target` through the copy dialog. */
async function copyAll(page: Page, folder: string, target: string, clientSide: boolean) {
  await page.goto(`/mount-explorer${folder}`);
  await page.locator('[data-entry]').first().waitFor();
  await page.getByLabel('Select all').check();
  await page.getByRole('button', { name: 'Copy to…' }).click();
  const picker = dialog(page, 'copy');
  const [mountPath, ...rest] = target.split('/').filter(Boolean);
  await picker.locator(`[data-folder="/${mountPath}"] .tree-label`).click();
  if (rest.length > 0) {
    await picker.locator(`[data-folder="/${mountPath}"] .tree-toggle`).first().click();
    await picker.locator(`[data-folder="${target}"] .tree-label`).click();
  }
  assert.is(await page.getByTestId('copy-target').textContent(), target);
  if (clientSide) await picker.locator('input[name="client_side"]').check();
  await picker.getByRole('button', { name: 'Copy here' }).click();
  await picker.waitFor({ state: 'detached' });
}

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  ctx.s3 = await startS3rver();
  ctx.gate = await startStorageGate(ctx.s3.endpoint);
  const admin = await ctx.env.server.adminClient();
  ctx.admin = admin;
  const disk = await admin.storageConfigs.create({
    name: 'Disk',
    provider_type: 'local',
    root_path: 'transfers-store',
  });
  await admin.transport.request('POST', '/admin/mounts', {
    body: { name: 'Disk', mount_path: '/disk', storage_type: 'local', storage_config_id: disk.id },
  });
  await mount(admin, 'Left', '/left', await s3Config(admin, 'left', ctx.s3.endpoint, ctx.s3, 'left'));
  await mount(admin, 'Right', '/right', await s3Config(admin, 'right', ctx.s3.endpoint, ctx.s3, 'right'));
  await mount(admin, 'Gated', '/gated', await s3Config(admin, 'gated', ctx.gate.endpoint, ctx.s3, 'gated'));
  await admin.fs.mkdir('/disk/drop');
  ctx.page = await ctx.env.open('/admin');
  await signInAdmin(ctx.page);
});
test.after(async (ctx) => {
  await ctx.env?.close();
  await ctx.gate?.close();
  await ctx.s3?.close();
});

test('a dropped folder uploads with its inner folders (entries walked)', async ({ page, admin }) => {
  await page.goto('/mount-explorer/disk/drop');
  await page.getByTestId('explorer-empty').waitFor();
  // Chromium builds no directory entries for a scripted drop: the event carries entries shaped as the
  // File and Directory Entries API hands them out (a reader answering batches, then an empty one).
  await page.evaluate(() => {
    const fileEntry = (name: string, text: string) => ({
      isFile: true,
      isDirectory: false,
      name,
      file: (ok: (f: File) => void) => ok(new File([text], name, { type: 'text/plain' })),
    });
    const folderEntry = (name: string, children: unknown[]) => ({
      isFile: false,
      isDirectory: true,
      name,
      createReader: () => {
        let given = false;
        return {
          readEntries: (ok: (batch: unknown[]) => void) => {
            const batch = given ? [] : children;
            given = true;
            ok(batch);
          },
        };
      },
    });
    const album = folderEntry('album', [
      fileEntry('one.txt', 'one'),
      folderEntry('inner', [fileEntry('two.txt', 'two')]),
    ]);
    const event = new DragEvent('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', {
      value: { items: [{ kind: 'file', webkitGetAsEntry: () => album }], files: [] },
    });
    document.querySelector('[data-testid="explorer"]')?.dispatchEvent(event);
  });
  await entry(page, 'album').waitFor();
  await page.locator('[data-task-kind="upload"][data-status="completed"]', { hasText: 'two.txt' }).waitFor();
  assert.equal(await names(admin, '/disk/drop/album'), ['inner', 'one.txt']);
  assert.equal(await names(admin, '/disk/drop/album/inner'), ['two.txt']);
});

test('Upload folder sends a picked folder with its structure', async ({ page, admin }) => {
  const dir = await mkdtemp(join(tmpdir(), 'clip-folder-'));
  await mkdir(join(dir, 'photos', '2024'), { recursive: true });
  await writeFile(join(dir, 'photos', 'b.txt'), 'b');
  await writeFile(join(dir, 'photos', '2024', 'a.txt'), 'a');
  await page.goto('/mount-explorer/disk/drop');
  await entry(page, 'album').waitFor();
  await page.getByTestId('upload-folder-input').setInputFiles(join(dir, 'photos'));
  await entry(page, 'photos').waitFor();
  await page.locator('[data-task-kind="upload"][data-status="completed"]', { hasText: 'a.txt' }).waitFor();
  await page.locator('[data-task-kind="upload"][data-status="completed"]', { hasText: 'b.txt' }).waitFor();
  assert.equal(await names(admin, '/disk/drop/photos'), ['2024', 'b.txt']);
  assert.equal(await names(admin, '/disk/drop/photos/2024'), ['a.txt']);
  await rm(dir, { recursive: true, force: true });
});

test('several picked files too large for a batch upload at once, at most four, and all arrive', async ({
  page,
  admin,
}) => {
  await admin.fs.mkdir('/disk/many');
  await page.goto('/mount-explorer/disk/many');
  await page.getByTestId('explorer-empty').waitFor();
  const dir = await mkdtemp(join(tmpdir(), 'clip-many-'));
  const files = Array.from({ length: 6 }, (_, i) => join(dir, `f${i}.txt`));
  // Over 256 KiB each: small files would go together in one batch request (ADR 0093).
  for (const [i, f] of files.entries()) await writeFile(f, `file ${i}\n`.repeat(40_000));
  // Every upload is held until four are in flight together; one at a time would never get there.
  const held: Route[] = [];
  let inFlight = 0;
  let most = 0;
  const isUpload = (url: string) => /\/fs\/upload(\?|$)/.test(url);
  // An upload is over for the page once its answer arrives (the next file may start right after).
  const answered = (res: { url(): string }) => {
    if (isUpload(res.url())) inFlight--;
  };
  page.on('response', answered);
  await page.route(/\/fs\/upload(\?|$)/, (route) => {
    inFlight++;
    most = Math.max(most, inFlight);
    if (held.length < 4 && most < 4) held.push(route);
    else void route.continue();
    if (most >= 4) for (const r of held.splice(0)) void r.continue();
  });
  await page.getByTestId('upload-input').setInputFiles(files);
  await waitUntil(async () => most >= 4, 'four uploads in flight together');
  for (const name of files.map((_, i) => `f${i}.txt`))
    await page.locator('[data-task-kind="upload"][data-status="completed"]', { hasText: name }).waitFor();
  assert.is(most, 4, 'four files at once, no more');
  assert.equal(await names(admin, '/disk/many'), [
    'f0.txt',
    'f1.txt',
    'f2.txt',
    'f3.txt',
    'f4.txt',
    'f5.txt',
  ]);
  // The folder on screen is read again once they all ended.
  for (let i = 0; i < 6; i++) await entry(page, `f${i}.txt`).waitFor();
  await page.unroute(/\/fs\/upload(\?|$)/);
  page.off('response', answered);
  await rm(dir, { recursive: true, force: true });
});

test('small picked files go in one batch; a file the server cannot write shows why, the rest land', async ({
  page,
  admin,
}) => {
  await admin.fs.mkdir('/disk/batchmix/bm-b.txt', { create_parents: true });
  await page.goto('/mount-explorer/disk/batchmix');
  await entry(page, 'bm-b.txt').waitFor();
  const dir = await mkdtemp(join(tmpdir(), 'clip-mixed-'));
  const files = ['bm-a.txt', 'bm-b.txt', 'bm-c.txt'].map((n) => join(dir, n));
  for (const f of files) await writeFile(f, `${f}\n`);
  const requests: string[] = [];
  const onRequest = (r: { url(): string; method(): string }) => {
    if (r.method() === 'POST' && /\/fs\/upload/.test(r.url())) requests.push(new URL(r.url()).pathname);
  };
  page.on('request', onRequest);
  await page.getByTestId('upload-input').setInputFiles(files);
  const failed = page.locator('[data-task-kind="upload"][data-status="failed"]', { hasText: 'bm-b.txt' });
  await failed.waitFor();
  assert.match((await failed.textContent()) ?? '', /is a folder/);
  for (const name of ['bm-a.txt', 'bm-c.txt'])
    await page.locator('[data-task-kind="upload"][data-status="completed"]', { hasText: name }).waitFor();
  page.off('request', onRequest);
  assert.equal(requests, ['/api/admin/fs/upload-batch']);
  assert.equal(await names(admin, '/disk/batchmix'), ['bm-a.txt', 'bm-b.txt', 'bm-c.txt']);
  assert.equal(await names(admin, '/disk/batchmix/bm-b.txt'), [], 'the folder in the way is untouched');
  await rm(dir, { recursive: true, force: true });
});

test('cancelling one file of a batch cancels it alone: the others are sent one by one', async ({
  page,
  admin,
}) => {
  await admin.fs.mkdir('/disk/cancelbatch');
  await page.goto('/mount-explorer/disk/cancelbatch');
  await page.getByTestId('explorer-empty').waitFor();
  const dir = await mkdtemp(join(tmpdir(), 'clip-cancel-batch-'));
  const files = ['p.txt', 'q.txt', 'r.txt'].map((n) => join(dir, n));
  for (const f of files) await writeFile(f, `${f}\n`);
  // The batch is held in the browser: cancelling q.txt aborts it before the server sees it.
  const held: Route[] = [];
  await page.route(/\/fs\/upload-batch/, (route) => {
    held.push(route);
  });
  const singles: string[] = [];
  const onRequest = (r: { url(): string; method(): string }) => {
    if (r.method() === 'POST' && /\/fs\/upload(\?|$)/.test(r.url())) singles.push(r.url());
  };
  page.on('request', onRequest);
  await page.getByTestId('upload-input').setInputFiles(files);
  await waitUntil(async () => held.length === 1, 'the batch request held');
  const q = page.locator('[data-task-kind="upload"][data-status="running"]', { hasText: 'q.txt' });
  await q.getByRole('button', { name: 'Cancel' }).click();
  await page.locator('[data-task-kind="upload"][data-status="cancelled"]', { hasText: 'q.txt' }).waitFor();
  for (const name of ['p.txt', 'r.txt'])
    await page.locator('[data-task-kind="upload"][data-status="completed"]', { hasText: name }).waitFor();
  page.off('request', onRequest);
  await page.unroute(/\/fs\/upload-batch/);
  for (const route of held) await route.abort().catch(() => undefined);
  assert.is(singles.length, 2, 'the two files not cancelled, one request each');
  assert.equal(await names(admin, '/disk/cancelbatch'), ['p.txt', 'r.txt']);
  await rm(dir, { recursive: true, force: true });
});

test('an upload cancelled mid-way leaves nothing at the target and aborts its session', async ({
  page,
  admin,
}) => {
  await page.goto('/mount-explorer/left');
  await page.getByTestId('explorer-empty').waitFor();
  const dir = await mkdtemp(join(tmpdir(), 'clip-cancel-'));
  const file = join(dir, 'large.bin');
  await writeFile(file, Buffer.alloc(24 * 1024 * 1024, 3));
  // The first part reaches the server; the others wait in the browser.
  let passed = 0;
  const held: Route[] = [];
  await page.route(/\/fs\/multipart\/part/, (route) => {
    if (passed < 1) {
      passed++;
      return route.continue();
    }
    held.push(route);
  });
  const init = page.waitForResponse((r) => /\/fs\/multipart\/init/.test(r.url()));
  const stored = page.waitForResponse((r) => /\/fs\/multipart\/part/.test(r.url()) && r.ok());
  await page.getByTestId('upload-input').setInputFiles(file);
  const { uploadId } = (await (await init).json()).data as { uploadId: string };
  await stored;
  await waitUntil(async () => held.length > 0, 'a part held');
  const row = page.locator('[data-task-kind="upload"]', { hasText: 'large.bin' }).first();
  await row.getByRole('button', { name: 'Cancel' }).click();
  await page
    .locator('[data-task-kind="upload"][data-status="cancelled"]', { hasText: 'large.bin' })
    .waitFor();
  const status = await admin.fs.multipartStatus(uploadId);
  assert.is(status.status, 'aborted', 'the session is aborted');
  assert.equal(status.parts, [], 'its stored parts are gone');
  assert.equal(await names(admin, '/left'), [], 'nothing at the target');
  await page.unroute(/\/fs\/multipart\/part/);
  for (const route of held) await route.abort().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

test('a large file picked through Upload goes to a local mount in 16 MiB parts', async ({ page, admin }) => {
  await admin.fs.mkdir('/disk/big');
  await page.goto('/mount-explorer/disk/big');
  await page.getByTestId('explorer-empty').waitFor();
  const dir = await mkdtemp(join(tmpdir(), 'clip-parts-'));
  const file = join(dir, 'parts.bin');
  const size = 40 * 1024 * 1024;
  await writeFile(file, Buffer.alloc(size, 7));
  const parts: string[] = [];
  const onRequest = (r: { url(): string }) => {
    if (/\/fs\/multipart\/part/.test(r.url())) parts.push(r.url());
  };
  page.on('request', onRequest);
  const init = page.waitForRequest((r) => /\/fs\/multipart\/init/.test(r.url()));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await (await chooser).setFiles(file);
  const asked = (await init).postDataJSON() as { partSize?: number };
  assert.is(asked.partSize, 16 * 1024 * 1024, 'the explorer asks for 16 MiB parts');
  await page
    .locator('[data-task-kind="upload"][data-status="completed"]', { hasText: 'parts.bin' })
    .waitFor();
  page.off('request', onRequest);
  assert.is(parts.length, 3, '40 MiB in three parts (16, 16, 8), not eight of 5 MiB');
  const stored = (await admin.fs.listAll('/disk/big', { refresh: true })).items;
  assert.equal(
    stored.map((i) => [i.name, i.size]),
    [['parts.bin', size]],
  );
  await rm(dir, { recursive: true, force: true });
});

test('client-side copy between two s3rver mounts: downloading, uploading, a failed item, retry', async ({
  page,
  admin,
  s3,
}) => {
  await seed(admin, '/left', ['a.txt', 'b.txt', 'bad.txt']);
  // The browser's own requests to storage: GETs wait first, then PUTs; the PUT of bad.txt is refused.
  let stage: 'get' | 'put' | 'open' = 'get';
  const gets: Route[] = [];
  const puts: Route[] = [];
  await page.route(
    (url) => url.href.startsWith(s3.endpoint),
    (route) => {
      const method = route.request().method();
      if (method === 'GET' && stage === 'get') return void gets.push(route);
      if (method === 'PUT' && stage !== 'open') return void puts.push(route);
      return route.continue();
    },
  );
  await copyAll(page, '/left', '/right', true);
  await waitUntil(async () => gets.length === 3, 'three downloads started');
  await page.locator('[data-task-source="browser"][data-phase="downloading"]').waitFor();
  stage = 'put';
  for (const route of gets.splice(0)) await route.continue();
  await waitUntil(async () => puts.length === 3, 'three uploads started');
  await page.locator('[data-task-source="browser"][data-phase="uploading"]').waitFor();
  for (const route of puts.splice(0)) {
    if (/\/right\/bad\.txt/.test(route.request().url()))
      await route.fulfill({
        status: 400,
        headers: { 'access-control-allow-origin': '*', 'content-type': 'application/xml' },
        body: '<Error><Code>InvalidRequest</Code><Message>refused</Message></Error>',
      });
    else await route.continue();
  }
  const copy = page.locator('[data-task-source="browser"][data-task-kind="copy"][data-status="partial"]');
  await copy.waitFor();
  const summary = (await copy.textContent()) ?? '';
  assert.match(summary, /2 copied, 0 skipped, 1 failed of 3/, summary);
  assert.match(
    (await copy.locator('[data-failed="/right/bad.txt"]').textContent()) ?? '',
    /InvalidRequest/,
    'the failed item and its reason are shown',
  );
  assert.equal(await names(admin, '/right'), ['a.txt', 'b.txt']);

  stage = 'open';
  await copy.getByRole('button', { name: 'Retry failed' }).click();
  await waitUntil(
    async () => (await browserCopy(page).first().getAttribute('data-status')) === 'completed',
    'the retry completed',
  );
  assert.match((await browserCopy(page).first().textContent()) ?? '', /1 copied, 0 skipped, 0 failed of 1/);
  assert.equal(await names(admin, '/right'), ['a.txt', 'b.txt', 'bad.txt']);
  await page.unroute((url) => url.href.startsWith(s3.endpoint));
});

test('a client-side copy cancelled while its uploads wait writes nothing', async ({ page, admin, s3 }) => {
  await admin.fs.mkdir('/right/again');
  const puts: Route[] = [];
  await page.route(
    (url) => url.href.startsWith(s3.endpoint),
    (route) => (route.request().method() === 'PUT' ? void puts.push(route) : route.continue()),
  );
  await copyAll(page, '/left', '/right/again', true);
  await waitUntil(async () => puts.length > 0, 'an upload started');
  const running = browserCopy(page).first();
  await running.getByRole('button', { name: 'Cancel' }).click();
  await page
    .locator('[data-task-source="browser"][data-task-kind="copy"][data-status="cancelled"]')
    .waitFor();
  for (const route of puts.splice(0)) await route.abort().catch(() => undefined);
  assert.equal(await names(admin, '/right/again'), []);
  await page.unroute((url) => url.href.startsWith(s3.endpoint));
});

test('task manager: a copy inside one storage and a one-item delete are listed with what they did', async ({
  page,
  admin,
}) => {
  await seed(admin, '/disk/inline', ['blocked.txt', 'kept.txt', 'new-1.txt', 'new-2.txt']);
  await seed(admin, '/disk/inline-to', ['kept.txt']);
  // A folder where blocked.txt would land: that item fails, the rest are copied or kept.
  await admin.fs.mkdir('/disk/inline-to/blocked.txt');
  await copyAll(page, '/disk/inline', '/disk/inline-to', false);
  await page.getByText('Copied 2 items').waitFor();

  // Deleted from its row's menu: one item, done within the request too.
  await page.goto('/mount-explorer/disk/inline');
  await page.getByRole('button', { name: 'Actions for new-2.txt' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await dialog(page, 'confirm').getByRole('button', { name: 'Delete' }).click();
  await entry(page, 'new-2.txt').waitFor({ state: 'detached' });

  const tasksButton = page.getByRole('button', { name: 'Tasks', exact: true });
  if ((await tasksButton.getAttribute('aria-pressed')) !== 'true') await tasksButton.click();
  const panel = page.getByRole('complementary', { name: 'Task manager' });
  const copy = panel.getByRole('listitem').filter({ hasText: '/disk/inline-to' }).filter({ hasText: 'Copy' });
  const removal = panel.getByRole('listitem').filter({ hasText: '/disk/inline/new-2.txt' });
  await copy.waitFor();
  await removal.waitFor();
  assert.ok((await panel.locator('.task-list > li').count()) >= 2, 'more than one task on screen');
  assert.match((await copy.textContent()) ?? '', /Partly completed/);
  assert.match((await copy.textContent()) ?? '', /\/disk\/inline→\/disk\/inline-to/);
  assert.match((await copy.textContent()) ?? '', /2 done, 1 skipped, 1 failed of 4/);
  assert.match((await removal.textContent()) ?? '', /Delete.*Completed/);

  await copy.getByRole('button', { name: 'Details' }).click();
  const skipped = copy.getByRole('region', { name: 'Skipped items' });
  await skipped.waitFor();
  assert.match(
    (await skipped.textContent()) ?? '',
    /\/disk\/inline-to\/kept\.txt: already at the target \(kept\)/,
  );
  const failed = copy.getByRole('region', { name: 'Failed items' });
  assert.match((await failed.textContent()) ?? '', /\/disk\/inline-to\/blocked\.txt: .*is a folder/);
  assert.match(
    (await copy.locator('.task-paths').textContent()) ?? '',
    /From\/disk\/inlineTo\/disk\/inline-to/,
  );
  await shoot(page, 'task-details');

  await removal.getByRole('button', { name: 'Details' }).click();
  await removal.getByText('Nothing was skipped and nothing failed.').waitFor();
  assert.is(await copy.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded'), 'true');
});

test('task manager: a running server copy is cancelled; later items never start', async ({
  page,
  admin,
  gate,
}) => {
  const files = Array.from({ length: 12 }, (_, i) => `f${String(i).padStart(2, '0')}.txt`);
  await seed(admin, '/disk/many', files);
  await admin.fs.mkdir('/gated/first');
  gate.hold();
  await copyAll(page, '/disk/many', '/gated/first', false);
  const task = page.locator('[data-task-kind="copy"][data-task-id]').first();
  await page.locator('[data-task-kind="copy"][data-task-id][data-status="running"]').waitFor();
  await waitUntil(async () => gate.held() > 0, 'a write in flight');
  const id = (await task.getAttribute('data-task-id')) ?? '';
  await task.getByRole('button', { name: 'Cancel' }).click();
  const asked = await waitUntil(async () => {
    const t = await admin.tasks.get(id);
    return t.cancel_requested ? t : null;
  }, 'the cancel reached the server');
  // The runner reads the flag at its heartbeat, which first writes updated_at: once that moved past
  // the cancel's own write, no further item starts (released earlier, the rest could still begin).
  await waitUntil(
    async () => (await admin.tasks.get(id)).updated_at !== asked.updated_at,
    'the runner saw the cancel',
  );
  gate.release();
  await page.locator(`[data-task-id="${id}"][data-status="cancelled"]`).waitFor({ timeout: 120_000 });
  const done = await admin.tasks.get(id);
  assert.ok(done.success < files.length, `${done.success} of ${files.length} copied before the cancel`);
  assert.is((await names(admin, '/gated/first')).length, done.success, 'only the items in flight landed');
});

test('task manager: failed server items are retried; remove and clear finished', async ({
  page,
  admin,
  gate,
}) => {
  await seed(admin, '/disk/mixed', ['ok-1.txt', 'ok-2.txt', 'refused.txt']);
  await admin.fs.mkdir('/gated/second');
  gate.refuse(/refused\.txt/);
  await copyAll(page, '/disk/mixed', '/gated/second', false);
  // This copy's row, by its route: the copy done in the request above is partly completed too.
  const partial = page
    .locator('[data-task-kind="copy"][data-task-id][data-status="partial"]')
    .filter({ hasText: '/disk/mixed→/gated/second' });
  await partial.waitFor({ timeout: 120_000 });
  assert.match((await partial.textContent()) ?? '', /2 done, 0 skipped, 1 failed of 3/);
  const id = (await partial.getAttribute('data-task-id')) ?? '';
  const expand = partial.getByRole('button', { name: 'Details' });
  assert.is(await expand.getAttribute('aria-expanded'), 'false');
  await expand.focus();
  await page.keyboard.press('Enter');
  const failedItem = partial.locator('[data-failed="/gated/second/refused.txt"]');
  await failedItem.waitFor();
  // The store's own words stay in the server log (issue 27 item 10): the reason names the problem.
  const reason = (await failedItem.textContent()) ?? '';
  assert.match(reason, /storage failed|unexpected failure/, 'the reason is shown');
  assert.not.match(reason, /test gate/, "the store's own message stays in the log");
  assert.is(await partial.locator('[data-failed]').count(), 1, 'only the failed item is listed');
  assert.is(
    await partial.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded'),
    'true',
  );
  gate.refuse(null);
  await partial.getByRole('button', { name: 'Retry failed' }).click();
  await page.locator(`[data-task-id="${id}"][data-status="completed"]`).waitFor({ timeout: 120_000 });
  // The open Details read the task again once its row changed: wait for that read, not for a time.
  await waitUntil(
    async () => (await page.locator(`[data-task-id="${id}"] [data-failed]`).count()) === 0,
    'no failures listed after the retry',
  );
  assert.equal(await names(admin, '/gated/second'), ['ok-1.txt', 'ok-2.txt', 'refused.txt']);

  await page.locator(`[data-task-id="${id}"]`).getByRole('button', { name: 'Remove' }).click();
  await page.locator(`[data-task-id="${id}"]`).waitFor({ state: 'detached' });
  const gone = await admin.tasks.get(id).then(
    () => false,
    () => true,
  );
  assert.ok(gone, 'the removed task is gone on the server');
  assert.ok((await page.locator('.task-list > li').count()) > 0, 'other finished entries are listed');
  await page.getByRole('button', { name: 'Clear finished' }).click();
  await waitUntil(async () => (await page.locator('.task-list > li').count()) === 0, 'the list is empty');
  assert.is((await admin.tasks.list({ limit: 50 })).items.filter((t) => t.status !== 'running').length, 0);
  await page.reload();
  await page.getByTestId('task-panel').waitFor();
  assert.is(await page.locator('.task-list > li').count(), 0, 'cleared for good, also after a reload');
});

test('no console errors other than the refused and cancelled requests', ({ env }) => {
  assert.equal(
    env.consoleErrors.filter((e) => !/Failed to load resource|net::ERR_FAILED/.test(e)),
    [],
  );
});

if (chromiumAvailable()) test.run();
