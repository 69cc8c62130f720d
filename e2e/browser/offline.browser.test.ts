// @clip-databases sqlite postgres
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv, waitUntil } from './harness.ts';

const test = suite<{ env: BrowserEnv }>('PWA and offline');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

test('the manifest is linked and the service worker takes control of the page', async ({ env }) => {
  const page = await env.open('/');
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href');
    return href ? (await fetch(href)).json() : null;
  });
  assert.is(manifest?.name, 'clip');
  assert.ok(manifest.icons.some((i: { sizes: string }) => i.sizes === '512x512'));
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  assert.match(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), /\/sw\.js$/);
  await page.context().close();
});

test('offline: the badge shows, a share read before is served from the cache, an unknown one fails clearly', async ({
  env,
}) => {
  const { client } = await env.server.keyClient({ text: true });
  const seen = await client.pastes.create({
    content: '# Cached share\n\nread before going offline',
    format: 'markdown',
  });
  const unseen = await client.pastes.create({ content: 'never read', format: 'text' });

  const context = await env.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto(`/paste/${seen.slug}`);
  await page.locator('[data-testid="share-content"] h1', { hasText: 'Cached share' }).waitFor();
  assert.is(await page.locator('.offline-badge').count(), 0);

  await context.setOffline(true);
  await page.locator('.offline-badge').waitFor();
  // A full load while offline: the service worker serves the app, the offline cache the share.
  await page.goto(`/paste/${seen.slug}`);
  await page.locator('[data-testid="share-content"] h1', { hasText: 'Cached share' }).waitFor();
  assert.ok(await page.locator('.offline-badge').isVisible());
  assert.ok(await page.getByText('Offline copy').isVisible());

  await page.goto(`/paste/${unseen.slug}`);
  await page.getByRole('heading', { name: 'The share could not be loaded' }).waitFor();
  assert.ok(await page.getByText('Network error, check the connection').isVisible());

  await context.setOffline(false);
  await page.waitForFunction(() => !document.querySelector('.offline-badge'));
  await context.close();
});

test('a page whose code cannot load offline shows the fallback page and a 3 s toast', async ({ env }) => {
  // No service worker here: the upload page's chunk has never been fetched, so offline it cannot load.
  // The page runs on playwright's clock, paused before the click: the toast's 3 s pass exactly when
  // the test says, whatever the machine's load.
  const context = await env.newContext({ serviceWorkers: 'block' });
  await context.clock.install();
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForSelector('.site-header');
  await context.setOffline(true);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole('link', { name: 'Upload' }).first().click();
  await page.getByRole('heading', { name: '页面暂时不可用' }).waitFor();
  const toast = page.locator('.toast', {
    hasText: 'The page "Upload" is temporarily unavailable, check the network',
  });
  // It shows after a short delay: step the clock 10 ms at a time until it does (shown at most 10 ms ago).
  await waitUntil(async () => {
    if (await toast.count()) return true;
    await page.clock.runFor(10);
    return false;
  }, 'the toast');
  await page.clock.runFor(2980);
  assert.is(await toast.count(), 1, 'still shown just before its 3 s');
  await page.clock.runFor(20);
  await toast.waitFor({ state: 'detached' });
  await page.clock.resume();
  assert.ok(await page.getByRole('button', { name: '返回首页' }).isVisible());
  assert.ok(await page.getByRole('button', { name: '重试' }).isVisible());
  await page.getByRole('button', { name: '返回首页' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await context.close();
});

test('the install prompt shows when installable and stays away for 7 days once dismissed', async ({
  env,
}) => {
  const page = await env.open('/');
  const offerInstall = () =>
    page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(event);
      // The app's listener calls preventDefault when it takes the event.
      return event.defaultPrevented;
    });
  await offerInstall();
  const prompt = page.getByRole('dialog', { name: 'Install clip' });
  // Not while the untouched page loads (it would cover it and be its largest paint): on first use.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.is(await prompt.count(), 0, 'no prompt before the page is used');
  await page.keyboard.press('Shift');
  await prompt.waitFor();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await prompt.waitFor({ state: 'detached' });
  const dismissedAt = Number(await page.evaluate(() => localStorage.getItem('pwa-install-dismissed')));
  assert.ok(Math.abs(Date.now() - dismissedAt) < 60_000);
  await page.reload();
  await page.waitForSelector('.site-header');
  await page.keyboard.press('Shift');
  assert.ok(await offerInstall(), 'the app took the event');
  // Any render the event caused has happened two frames later.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.is(await prompt.count(), 0, 'dismissed within 7 days');
  await page.evaluate(() =>
    localStorage.setItem('pwa-install-dismissed', String(Date.now() - 8 * 24 * 3600 * 1000)),
  );
  await offerInstall();
  await prompt.waitFor({ timeout: 7000 });
  await page.context().close();
});

test('a SW_UPDATED message offers the update; accepting reloads the page', async ({ env }) => {
  const page = await env.open('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.evaluate(() => {
    (window as { __beforeUpdate?: boolean }).__beforeUpdate = true;
    navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'SW_UPDATED' } }));
  });
  const prompt = page.getByRole('dialog', { name: 'Update available' });
  await prompt.waitFor();
  await Promise.all([
    page.waitForEvent('load'),
    prompt.getByRole('button', { name: 'Reload to update' }).click(),
  ]);
  assert.is(
    await page.evaluate(() => (window as { __beforeUpdate?: boolean }).__beforeUpdate),
    undefined,
    'the page reloaded',
  );
  await page.context().close();
});

test('no console errors on the way', ({ env }) => {
  // Offline requests fail by design; everything else must be clean.
  const unexpected = env.consoleErrors.filter(
    (e) =>
      !/net::ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource|dynamically imported module/.test(
        e,
      ),
  );
  assert.equal(unexpected, []);
});

if (chromiumAvailable()) test.run();
