// @clip-databases sqlite postgres
/**
 * A real service-worker update: the app is served from a copy of the build; once its worker runs,
 * the worker file changes, the new worker says SW_UPDATED, and accepting the prompt hands control
 * to it and reloads the page. The worker leaves API requests to the network (static routing, ADR 0082).
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type BrowserEnv,
  chromiumAvailable,
  ensureWebBuild,
  startBrowserEnv,
  WEB_DIST,
  waitUntil,
} from './harness.ts';

const test = suite<{ env: BrowserEnv; dir: string }>('PWA update');

test.before(async (ctx) => {
  ensureWebBuild();
  ctx.dir = mkdtempSync(join(tmpdir(), 'clip-web-copy-'));
  cpSync(WEB_DIST, ctx.dir, { recursive: true });
  ctx.env = await startBrowserEnv({ webDir: ctx.dir });
});
test.after(async (ctx) => {
  await ctx.env?.close();
  if (ctx.dir) rmSync(ctx.dir, { recursive: true, force: true });
});

test('a new worker is offered as an update and takes over when accepted', async ({ env, dir }) => {
  const page = await env.open('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  // A new release: the worker changes (and its pre-compressed copies, which a real build rewrites, go).
  appendFileSync(join(dir, 'sw.js'), '\n// release 2\n');
  for (const ext of ['.br', '.gz']) rmSync(join(dir, `sw.js${ext}`), { force: true });
  await page.evaluate(async () => {
    (window as { __beforeUpdate?: boolean }).__beforeUpdate = true;
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const prompt = page.getByRole('dialog', { name: 'Update available' });
  await prompt.waitFor({ timeout: 15_000 });
  // SW_UPDATED is posted while the new worker installs; it becomes `waiting` once installing ends.
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting, null, {
    timeout: 15_000,
  });

  await Promise.all([
    page.waitForEvent('load', { timeout: 15_000 }),
    prompt.getByRole('button', { name: 'Reload to update' }).click(),
  ]);
  await page.waitForSelector('.site-header');
  assert.is(
    await page.evaluate(() => (window as { __beforeUpdate?: boolean }).__beforeUpdate),
    undefined,
    'the page reloaded',
  );
  const after = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: !!registration?.waiting, controlled: !!navigator.serviceWorker.controller };
  });
  assert.equal(after, { waiting: false, controlled: true }, 'the new worker controls the page');
  assert.is(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), first);
  await page.context().close();
});

test('API requests of a controlled page go to the network without waking the worker; pages still do not', async ({
  env,
}) => {
  const page = await env.open('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Chromium reports, per response, which of the worker's static routes it took (if any).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const routed = new Map<string, string | undefined>();
  cdp.on('Network.responseReceived', (e) => {
    const info = (e.response as { serviceWorkerRouterInfo?: { matchedSourceType?: string } })
      .serviceWorkerRouterInfo;
    routed.set(new URL(e.response.url).pathname, info?.matchedSourceType);
  });
  await page.goto('/upload');
  await page.getByRole('heading', { name: 'Upload files' }).waitFor();
  await waitUntil(async () => routed.has('/api/system/max-upload-size'), 'the page asked the API');
  assert.is(routed.get('/api/system/max-upload-size'), 'network', 'an API request took the network route');
  assert.is(
    routed.get('/upload'),
    undefined,
    'a navigation still goes to the worker (it answers index.html)',
  );
  await cdp.detach();
  await page.context().close();
});

if (chromiumAvailable()) test.run();
