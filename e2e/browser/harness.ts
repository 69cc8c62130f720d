/**
 * Shared set-up for the browser suites: a fresh build of the web app when its sources changed, the
 * real server serving it, and Debian's Chromium through playwright-core.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '@clip/server/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { reportToRunner } from '../runner/report.mjs';

/** CLIP_CHROMIUM_PATH overrides it (the runner's own test points it at nothing). */
export const CHROMIUM_PATH = process.env.CLIP_CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CI = process.env.CI === 'true' || process.env.CI === '1';
const webRoot = fileURLToPath(new URL('../../packages/web/', import.meta.url));
/** CLIP_E2E_WEB_DIST points the suites at a build made elsewhere (it is then used as it is). */
export const WEB_DIST = process.env.CLIP_E2E_WEB_DIST || join(webRoot, 'dist');

/**
 * False (after a loud notice) when Chromium is missing on a developer machine; under CI that is a
 * failure. The runner counts the suite's tests as skipped and names the reason on its final line.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const msg = `Chromium is missing at ${CHROMIUM_PATH} (apt-get install -y chromium)`;
  if (CI) throw new Error(`${msg}: the browser suites cannot run under CI.`);
  console.error(`\n!!! SKIPPED: ${msg}; the browser suite did not run.\n`);
  reportToRunner({ event: 'skip-reason', reason: 'Chromium missing' });
  return false;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const info = statSync(path);
    newest = Math.max(newest, info.isDirectory() ? newestMtime(path) : info.mtimeMs);
  }
  return newest;
}

/** Builds packages/web when dist is missing or older than its sources. */
export function ensureWebBuild(): void {
  if (process.env.CLIP_E2E_WEB_DIST) return;
  const index = join(WEB_DIST, 'index.html');
  const sourcesChanged = () =>
    Math.max(
      newestMtime(join(webRoot, 'src')),
      newestMtime(join(webRoot, 'public')),
      // The build's own plugins (the route preload script) shape the output too.
      newestMtime(join(webRoot, 'scripts')),
      statSync(join(webRoot, 'vite.config.ts')).mtimeMs,
    ) > statSync(index).mtimeMs;
  if (existsSync(index) && !sourcesChanged()) return;
  const vite = join(webRoot, '../../node_modules/vite/bin/vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], {
    cwd: webRoot,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`vite build failed:\n${run.stdout}${run.stderr}`);
}

export interface BrowserEnv {
  server: TestServer;
  browser: Browser;
  /** A fresh context (own storage, own service worker) with console errors collected. */
  newContext(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  /** A page in a fresh context, at `path`, with the app rendered. */
  open(path?: string, options?: Parameters<Browser['newContext']>[0]): Promise<Page>;
  consoleErrors: string[];
  close(): Promise<void>;
}

export async function startBrowserEnv(
  overrides: Parameters<typeof startTestServer>[0] = {},
  options: Parameters<typeof startTestServer>[1] = {},
): Promise<BrowserEnv> {
  ensureWebBuild();
  const server = await startTestServer({ webDir: WEB_DIST, ...overrides }, options);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const consoleErrors: string[] = [];
  const contexts: BrowserContext[] = [];
  async function newContext(options: Parameters<Browser['newContext']>[0] = {}) {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', ...options });
    // Waits are on conditions; on a loaded 2-core machine a condition may take longer than
    // playwright's 30 s default to come true, never a reason to fail.
    context.setDefaultTimeout(90_000);
    context.setDefaultNavigationTimeout(90_000);
    // tsx compiles the functions tests pass to page.evaluate with esbuild's __name helper: give it one.
    await context.addInitScript('globalThis.__name = (target) => target;');
    contexts.push(context);
    context.on('page', (page) => watchConsole(page, consoleErrors));
    return context;
  }
  return {
    server,
    browser,
    consoleErrors,
    newContext,
    async open(path = '/', options = {}) {
      const context = await newContext(options);
      const page = await context.newPage();
      watchConsole(page, consoleErrors);
      await page.goto(path);
      await page.waitForSelector('.site-header');
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
      await server.close();
    },
  };
}

function watchConsole(page: Page, errors: string[]): void {
  if ((page as Page & { __watched?: boolean }).__watched) return;
  (page as Page & { __watched?: boolean }).__watched = true;
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
}

/** Signs in on the admin page with an API key, through the sign-in form. */
export async function signInWithKey(page: Page, key: string): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('tab', { name: /API key|API 密钥/ }).click();
  await page.locator('input[name="apiKey"]').fill(key);
  await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
  await page.waitForSelector('.account-chip');
}

/**
 * Waits until `probe` answers a truthy value and returns it: a condition, never a fixed sleep. The
 * timeout is generous because the suite runs on a loaded 2-core machine.
 */
export async function waitUntil<T>(probe: () => Promise<T>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One entry of the app's offline database (IndexedDB `clip-offline`), read inside the page. */
export function readOfflineEntry(page: Page, store: string, key: string): Promise<unknown> {
  return page.evaluate(
    ([storeName, entryKey]) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('clip-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            return resolve(undefined);
          }
          const read = db.transaction(storeName).objectStore(storeName).get(entryKey);
          read.onsuccess = () => {
            db.close();
            resolve(read.result);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    [store, key] as const,
  );
}

/**
 * Refreshing the committed screenshots (CLIP_UPDATE_SCREENSHOTS=1) needs a CJK font, or the Chinese
 * pictures show boxes: refuse early, naming the package, when fontconfig knows none.
 */
export function requireCjkFontForScreenshots(): void {
  if (!process.env.CLIP_UPDATE_SCREENSHOTS) return;
  const fonts = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  if (fonts.status === 0 && fonts.stdout.trim()) return;
  throw new Error(
    'CLIP_UPDATE_SCREENSHOTS needs a CJK font for the Chinese screenshots: apt-get install -y fonts-noto-cjk',
  );
}
