// @clip-databases sqlite postgres
/**
 * Screenshots of every page in light and dark, Chinese and English at 1280 px, and on a 390 px phone;
 * with CLIP_UPDATE_SCREENSHOTS=1 they replace those in docs/screenshots/.
 * Each shot first checks the page shows in the asked language and theme.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type BrowserEnv,
  chromiumAvailable,
  requireCjkFontForScreenshots,
  startBrowserEnv,
} from './harness.ts';

// The committed pictures are refreshed only on request (CLIP_UPDATE_SCREENSHOTS=1), so a test run leaves the tree clean.
requireCjkFontForScreenshots();
const OUT = process.env.CLIP_UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL('../../docs/screenshots/', import.meta.url))
  : `${mkdtempSync(join(tmpdir(), 'clip-shots-'))}/`;
const test = suite<{ env: BrowserEnv; key: string; paste: string; file: string }>('screenshots');

const SAMPLE = `# Release notes 1.2

A **short** summary with \`inline code\` and a [link](https://example.com).

\`\`\`ts
export const answer: number = 42;
\`\`\`

- Faster uploads
- Offline reading
`;

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  const { client, key } = await ctx.env.server.keyClient({ text: true, file: true, mount: true });
  ctx.key = key;
  ctx.paste = (await client.pastes.create({ content: SAMPLE, format: 'markdown', max_views: 100 })).slug;
  ctx.file = (
    await client.files.upload(
      new Blob(['hello from clip\nsecond line\n'], { type: 'text/plain' }),
      {},
      { filename: 'hello.txt' },
    )
  ).slug;
  mkdirSync(OUT, { recursive: true });
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

interface Shot {
  name: string;
  path: (ctx: { paste: string; file: string }) => string;
  signedIn: boolean;
  ready: (page: Page) => Promise<unknown>;
  prepare?: (page: Page) => Promise<void>;
}

const SHOTS: Shot[] = [
  {
    name: 'home',
    path: () => '/',
    signedIn: true,
    ready: (page) => page.locator('.cm-content').waitFor(),
    prepare: async (page) => {
      await page.locator('.cm-content').click();
      await page.keyboard.insertText(SAMPLE);
      await page.locator('.md-preview code.hljs').waitFor();
      await page.locator('.cm-content').blur();
    },
  },
  {
    name: 'upload',
    path: () => '/upload',
    signedIn: true,
    ready: (page) => page.getByTestId('drop-zone').waitFor(),
  },
  {
    name: 'admin-sign-in',
    path: () => '/admin',
    signedIn: false,
    ready: (page) => page.locator('#signin-panel').waitFor(),
  },
  {
    name: 'paste-view',
    path: (c) => `/paste/${c.paste}`,
    signedIn: false,
    ready: (page) => page.locator('[data-testid="share-content"] code.hljs').waitFor(),
  },
  {
    name: 'file-view',
    path: (c) => `/file/${c.file}`,
    signedIn: false,
    ready: (page) => page.getByTestId('file-text').waitFor(),
  },
];

for (const language of ['en', 'zh'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`every page in ${language}, ${theme}`, async (ctx) => {
      const context = await ctx.env.newContext({
        locale: language === 'zh' ? 'zh-CN' : 'en-US',
        colorScheme: theme,
        viewport: { width: 1280, height: 800 },
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate((key) => localStorage.setItem('api_key', key), ctx.key);
      for (const shot of SHOTS) {
        if (!shot.signedIn) await page.evaluate(() => localStorage.removeItem('api_key'));
        else await page.evaluate((key) => localStorage.setItem('api_key', key), ctx.key);
        await page.goto(shot.path(ctx));
        await shot.ready(page);
        await shot.prepare?.(page);
        assert.is(
          await page.getAttribute('html', 'lang'),
          language === 'zh' ? 'zh-CN' : 'en',
          `${shot.name} language`,
        );
        assert.is(
          await page.evaluate(() => document.documentElement.classList.contains('dark')),
          theme === 'dark',
        );
        // Fonts loaded and two frames painted: the picture shows the settled page.
        await page.evaluate(async () => {
          await document.fonts.ready;
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        });
        await page.screenshot({ path: `${OUT}${shot.name}-${theme}-${language}.png` });
      }
      await context.close();
    });
  }
}

// The same pages on a 390 px phone (light, English): nothing wider than the screen.
test('every page on a 390 px phone', async (ctx) => {
  const context = await ctx.env.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.goto('/');
  for (const shot of SHOTS) {
    if (!shot.signedIn) await page.evaluate(() => localStorage.removeItem('api_key'));
    else await page.evaluate((key) => localStorage.setItem('api_key', key), ctx.key);
    await page.goto(shot.path(ctx));
    await shot.ready(page);
    await shot.prepare?.(page);
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    });
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${shot.name} fits 390 px`,
    );
    await page.screenshot({ path: `${OUT}${shot.name}-390.png` });
  }
  await context.close();
});

if (chromiumAvailable()) test.run();
