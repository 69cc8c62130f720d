// @clip-databases sqlite postgres
/**
 * The web app's defences in a real browser: its Content-Security-Policy lets the app itself run
 * (theme bootstrap, service worker, charts, PNG export) but no injected inline script, it cannot be
 * framed, a shared Markdown page loads nothing from elsewhere until the reader asks, and the offline
 * cache keeps no secrets and forgets the user's answers on sign-out.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signInAdmin } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv, waitUntil } from './harness.ts';

interface Outside {
  url: string;
  server: Server;
  /** Paths requested so far. */
  hits: string[];
}

/** Another origin on loopback: it serves a 1x1 PNG on every path and a page that frames the app. */
async function startOutside(appUrl: string): Promise<Outside> {
  const hits: string[] = [];
  const pixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const server = createServer((req, res) => {
    if (req.url === '/frame') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><iframe id="app" src="${appUrl}/" width="800" height="600"></iframe>`);
    }
    // The browser's own favicon probe of the framing page is no reader.
    if (req.url !== '/favicon.ico') hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    res.end(pixel);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, hits };
}

const test = suite<{ env: BrowserEnv; outside: Outside; key: string }>('security');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  ctx.outside = await startOutside(ctx.env.server.url);
  ctx.key = (await ctx.env.server.keyClient({ text: true })).key;
});
test.after(async (ctx) => {
  await ctx.env?.close();
  await new Promise((resolve) => ctx.outside?.server.close(resolve));
});

/** A context whose pages record every CSP violation in window.__violations. */
async function watchedContext(env: BrowserEnv): Promise<BrowserContext> {
  const context = await env.newContext();
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return context;
}
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

test('the app and its shares answer with the CSP, nosniff, the referrer policy and no framing', async ({
  env,
}) => {
  const context = await env.newContext();
  const page = await context.newPage();
  for (const path of ['/', '/paste/nothing-here', '/admin']) {
    const res = await page.goto(path);
    const headers = res?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    assert.match(csp, /(^|; )script-src 'self'(;|$)/, path);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.not.match(csp, /unsafe-eval/);
    assert.is(headers['x-content-type-options'], 'nosniff');
    assert.is(headers['referrer-policy'], 'no-referrer');
    assert.is(headers['x-frame-options'], 'DENY');
  }
  await context.close();
});

test('the app runs under its CSP: theme bootstrap, service worker, preview, PNG export, dashboard chart', async ({
  env,
}) => {
  const context = await watchedContext(env);
  await context.addInitScript(() => localStorage.setItem('themeMode', 'dark'));
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForSelector('.site-header');
  assert.ok(
    await page.evaluate(() => document.documentElement.classList.contains('dark')),
    'the theme bootstrap script ran',
  );
  await page.evaluate(() => navigator.serviceWorker.ready);
  await signInAdmin(page);
  await page.waitForSelector('[data-module="dashboard"] canvas');
  await page.getByRole('link', { name: 'Home' }).first().click();
  await page.getByRole('tab', { name: 'Markdown' }).click();
  await page.getByTestId('markdown-input').click();
  await page.keyboard.type('# Exported\n\nSome `code` here.');
  await page.locator('.md-preview h1', { hasText: 'Exported' }).waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PNG' }).click();
  assert.match((await download).suggestedFilename(), /\.png$/);
  assert.equal(await violations(page), [], 'nothing the app does is refused');
  await context.close();
});

test('a script injected into the page does not run', async ({ env }) => {
  const context = await watchedContext(env);
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForSelector('.site-header');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__injected = true;');
    // Listeners run in the order they were added: by the time this one runs, the inline handler
    // (set first) has had its turn, had the policy let it run.
    const failed = new Promise((resolve) =>
      img.addEventListener('error', () => resolve((window as { __injected?: boolean }).__injected)),
    );
    img.src = 'data:,broken';
    document.body.append(img);
    return failed;
  });
  assert.is(ran, undefined, 'inline script and inline handler were refused');
  const seen = await waitUntil(
    async () => ((await violations(page)).length >= 2 ? violations(page) : null),
    'the two violations',
  );
  assert.ok(
    seen.every((v) => v.startsWith('script-src')),
    seen.join('\n'),
  );
  await context.close();
});

test('the app cannot be framed by another site', async ({ env, outside }) => {
  const context = await env.newContext();
  const page = await context.newPage();
  const refused = page.waitForEvent('console', (msg) => /frame-ancestors/.test(msg.text()));
  await page.goto(`${outside.url}/frame`);
  assert.match((await refused).text(), /frame-ancestors 'none'.*blocked/);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  assert.ok(frame);
  assert.is(await frame.locator('.site-header').count(), 0, 'nothing of the app renders in the frame');
  // The console error is the refusal this test provoked.
  env.consoleErrors.length = 0;
  await context.close();
});

test('a shared Markdown page loads nothing from elsewhere until the reader asks, and runs no script', async ({
  env,
  outside,
  key,
}) => {
  const author = env.server.client({ type: 'apikey', key });
  const share = await author.pastes.create({
    content: [
      '# Tracked?',
      '',
      `![pixel](${outside.url}/markdown.png)`,
      '',
      `<img src="${outside.url}/html.png" onerror="window.__ran = 1">`,
      `<p style="background: url(${outside.url}/style.png)">styled</p>`,
      `<video poster="${outside.url}/poster.png" src="${outside.url}/video.mp4"></video>`,
      `<img srcset="${outside.url}/srcset.png 1x">`,
      '<script>window.__ran = 2</script>',
    ].join('\n'),
    format: 'markdown',
  });
  const context = await watchedContext(env);
  const page = await context.newPage();
  await page.goto(`/paste/${share.slug}`);
  await page.locator('.markdown-body h1', { hasText: 'Tracked?' }).waitFor();
  const buttons = page.locator('.markdown-body button.remote-image');
  await waitUntil(async () => (await buttons.count()) === 2, 'two load buttons');
  assert.is(
    await buttons.first().textContent(),
    `Load remote image “pixel” from ${new URL(outside.url).host}`,
  );
  const body = page.locator('.markdown-body');
  assert.is(await body.locator('[style]').count(), 0, 'no style attribute survives');
  assert.is(await body.locator('video, [srcset], [poster]').count(), 0);
  assert.is(await body.locator(`[src^="${outside.url}"]`).count(), 0, 'no element points elsewhere');
  await page.waitForLoadState('networkidle');
  assert.equal(outside.hits, [], 'the other site saw no reader');
  assert.is(await page.evaluate(() => (window as { __ran?: number }).__ran), undefined);

  await buttons.first().click();
  const image = body.locator(`img[src="${outside.url}/markdown.png"]`);
  await image.waitFor();
  await waitUntil(
    () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1),
    'the image',
  );
  assert.equal(outside.hits, ['/markdown.png'], 'only the image the reader asked for was loaded');
  // The share's inline handlers are filtered out before any parse (lib/rawHtml.ts), so the CSP has
  // nothing to refuse: not the share's markup, not anything the page needs.
  assert.equal(await violations(page), []);
  await context.close();
});

test('the offline cache keeps no API key and forgets the user’s answers on sign-out', async ({ env }) => {
  const context = await env.newContext();
  const page = await context.newPage();
  await signInAdmin(page);
  const cachedKeys = () =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('clip-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const names = [...db.objectStoreNames];
            if (names.length === 0) return resolve([]);
            const tx = db.transaction(names);
            const all: string[] = [];
            for (const name of names) {
              const req = tx.objectStore(name).getAllKeys();
              req.onsuccess = () => all.push(...req.result.map((k) => `${name}:${String(k)}`));
            }
            tx.oncomplete = () => {
              db.close();
              resolve(all.sort());
            };
          };
        }),
    );
  // The dashboard's answer is written once it has arrived; only then does the test leave the page.
  await waitUntil(
    async () => (await cachedKeys()).some((k) => k.startsWith('settings:api_cache_admin/dashboard')),
    'the dashboard answer in the offline cache',
  );
  const keysAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/api-keys');
  await page.goto('/admin/key-management');
  assert.is((await keysAnswer).status(), 200);
  // The table shows once the SDK has the answer, i.e. after the cache has (not) written it.
  await page.waitForSelector('[data-module="key-management"] tbody tr[data-row]');
  const withDashboard = await cachedKeys();
  assert.ok(!withDashboard.some((k) => k.includes('api-keys')), withDashboard.join('\n'));
  assert.ok(!withDashboard.some((k) => k.includes('/test/')), 'token checks are not kept');

  await page.getByRole('button', { name: 'Sign out' }).click();
  const left = await waitUntil(async () => {
    const keys = await cachedKeys();
    return keys.some((k) => k.includes('api_cache_')) ? null : keys;
  }, 'the cached answers to be cleared');
  assert.ok(
    left.every((k) => k.startsWith('settings:') && !k.includes('api_cache_')),
    left.join('\n'),
  );
  await context.close();
});

if (chromiumAvailable()) test.run();
