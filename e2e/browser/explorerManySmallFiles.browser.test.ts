// @clip-databases sqlite postgres
/**
 * A folder of many small files picked in the explorer (issue 34 item 4, ADRs 0090 and 0093): every file
 * lands, in its tree, in a few batch requests rather than one request per file, and the task manager
 * shows each one completed, while the page does the per-file work a few times a second rather than
 * per change: the task list is redrawn at most every 200 ms (transferStore's PUBLISH_EVERY_MS) and the
 * folder on screen read again at most once a second.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClipClient } from '@clip/sdk';
import { localMount } from '@clip/server/testing';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signInAdmin } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

const TOP = 90;
const INNER = 30;
const PUBLISH_EVERY_MS = 200;
const REFRESH_EVERY_MS = 1000;

const test = suite<{ env: BrowserEnv; page: Page; admin: ClipClient; dir: string }>(
  'explorer many small files',
);

const names = async (admin: ClipClient, path: string) =>
  (await admin.fs.listAll(path, { refresh: true })).items.map((i) => i.name).sort();
const fileName = (i: number) => `f${String(i).padStart(3, '0')}.txt`;

test.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'clip-many-small-'));
  await mkdir(join(ctx.dir, 'batch', 'inner'), { recursive: true });
  for (let i = 0; i < TOP; i++)
    await writeFile(join(ctx.dir, 'batch', fileName(i)), `top ${i}\n`.repeat(i + 1));
  for (let i = 0; i < INNER; i++)
    await writeFile(join(ctx.dir, 'batch', 'inner', fileName(i)), `inner ${i}\n`);
  ctx.env = await startBrowserEnv();
  ctx.admin = await ctx.env.server.adminClient();
  await localMount(ctx.env.server, { path: '/disk', name: 'Disk' });
  await ctx.admin.fs.mkdir('/disk/to');
  ctx.page = await ctx.env.open('/admin');
  await signInAdmin(ctx.page);
});
test.after(async (ctx) => {
  await ctx.env?.close();
  if (ctx.dir) await rm(ctx.dir, { recursive: true, force: true });
});

test('a picked folder of 120 small files lands whole; the task list is redrawn a few times a second, the folder read at most once a second', async ({
  page,
  admin,
  dir,
}) => {
  await page.goto('/mount-explorer/disk/to');
  await page.getByTestId('explorer-empty').waitFor();
  // Each change the page makes to the task manager is one MutationObserver call (one React commit)
  // with records inside the panel (it opens with the upload).
  await page.evaluate(() => {
    const w = window as unknown as { taskListCommits: number[] };
    w.taskListCommits = [];
    const inPanel = (node: Node) =>
      (node instanceof Element ? node : node.parentElement)?.closest('[data-testid="task-panel"]');
    new MutationObserver((records) => {
      if (records.some((r) => inPanel(r.target))) w.taskListCommits.push(performance.now());
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const reads: number[] = [];
  const uploads: string[] = [];
  const onRequest = (r: { url(): string; method(): string }) => {
    if (r.method() === 'GET' && /\/fs\/list\?/.test(r.url()) && /path=%2Fdisk%2Fto(&|$)/.test(r.url()))
      reads.push(Date.now());
    if (r.method() === 'POST' && /\/fs\/upload/.test(r.url())) uploads.push(new URL(r.url()).pathname);
  };
  page.on('request', onRequest);
  const started = Date.now();
  await page.getByTestId('upload-folder-input').setInputFiles(join(dir, 'batch'));

  const completed = page.locator('[data-task-kind="upload"][data-status="completed"]');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-task-kind="upload"][data-status="completed"]').length === n,
    TOP + INNER,
    { polling: 100, timeout: 180_000 },
  );
  const ended = Date.now();
  // The listing's last read follows the last file: the folder shows up on screen.
  await page.locator('[data-entry="batch"]').waitFor();
  page.off('request', onRequest);

  assert.is(await completed.count(), TOP + INNER, 'every file shown completed');
  assert.is(
    await page.locator('[data-task-kind="upload"]:not([data-status="completed"])').count(),
    0,
    'none failed, none left pending',
  );
  assert.equal(await names(admin, '/disk/to'), ['batch']);
  assert.equal(await names(admin, '/disk/to/batch'), [
    ...Array.from({ length: TOP }, (_, i) => fileName(i)),
    'inner',
  ]);
  assert.equal(
    await names(admin, '/disk/to/batch/inner'),
    Array.from({ length: INNER }, (_, i) => fileName(i)),
  );
  const item = (await admin.fs.listAll('/disk/to/batch', { refresh: true })).items.find(
    (i) => i.name === fileName(TOP - 1),
  );
  assert.is(item?.size, `top ${TOP - 1}\n`.length * TOP, 'a file arrives whole');

  // Small files go many to a request (ADR 0093): 120 files at four requests at once are eight batches.
  assert.ok(uploads.length <= 8, `${uploads.length} upload requests for ${TOP + INNER} files`);
  assert.ok(
    uploads.every((u) => u === '/api/admin/fs/upload-batch'),
    uploads.join(),
  );

  // Per change, the list would be redrawn ~3 times per file (running, bytes, completed): 360 times.
  const commits = await page.evaluate(
    () => (window as unknown as { taskListCommits: number[] }).taskListCommits,
  );
  const span = commits[commits.length - 1] - commits[0];
  const allowed = Math.floor(span / PUBLISH_EVERY_MS) + 6;
  assert.ok(
    commits.length <= allowed,
    `${commits.length} redraws of the task list in ${Math.round(span)} ms; at most ${allowed}`,
  );
  assert.ok(commits.length < TOP + INNER, `${commits.length} redraws for ${TOP + INNER} files`);
  const allowedReads = Math.floor((ended - started) / REFRESH_EVERY_MS) + 3;
  assert.ok(
    reads.length <= allowedReads,
    `${reads.length} reads of the folder in ${ended - started} ms; at most ${allowedReads}`,
  );
});

test('no console errors', ({ env }) => {
  assert.equal(env.consoleErrors, []);
});

if (chromiumAvailable()) test.run();
