// @clip-databases sqlite postgres
/**
 * Accessibility basics in both themes: colour pairs meet WCAG AA contrast, every control has a
 * name, the keyboard reaches the main controls and shows where it is.
 */
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv; key: string; paste: string }>('accessibility');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  const { client, key } = await ctx.env.server.keyClient({ text: true, file: true });
  ctx.key = key;
  ctx.paste = (await client.pastes.create({ content: '# Title\n\ntext', format: 'markdown' })).slug;
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

const PAIRS: [string, string][] = [
  ['--text', '--bg'],
  ['--text', '--surface'],
  ['--text', '--surface-2'],
  ['--muted', '--bg'],
  ['--muted', '--surface'],
  ['--accent', '--bg'],
  ['--accent', '--surface'],
  ['--accent', '--surface-2'],
  ['--on-accent', '--accent'],
  ['--danger', '--bg'],
  ['--danger', '--surface'],
  ['--success', '--bg'],
  ['--warning-text', '--warning-bg'],
];

for (const theme of ['light', 'dark'] as const) {
  test(`text colours reach 4.5:1 contrast in the ${theme} theme`, async ({ env }) => {
    const page = await env.open('/', { colorScheme: theme });
    const ratios = await page.evaluate((pairs) => {
      const style = getComputedStyle(document.documentElement);
      const rgb = (name: string) => {
        const probe = document.createElement('span');
        probe.style.color = style.getPropertyValue(name).trim();
        document.body.append(probe);
        const [r, g, b] = getComputedStyle(probe).color.match(/\d+/g)?.map(Number) ?? [0, 0, 0];
        probe.remove();
        return [r, g, b];
      };
      const luminance = ([r, g, b]: number[]) => {
        const f = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
      };
      return pairs.map(([fg, bg]) => {
        const [a, b] = [luminance(rgb(fg)), luminance(rgb(bg))].sort((x, y) => y - x);
        return { pair: `${fg} on ${bg}`, ratio: (a + 0.05) / (b + 0.05) };
      });
    }, PAIRS);
    const weak = ratios.filter((r) => r.ratio < 4.5).map((r) => `${r.pair}: ${r.ratio.toFixed(2)}`);
    assert.equal(weak, []);
    await page.context().close();
  });
}

/** Visible controls without an accessible name. */
function unnamedControls(page: Page) {
  return page.evaluate(() => {
    const named = (el: Element): boolean => {
      const label = el.getAttribute('aria-label')?.trim();
      if (label) return true;
      const by = el.getAttribute('aria-labelledby');
      if (by?.split(' ').some((id) => document.getElementById(id)?.textContent?.trim())) return true;
      if ('labels' in el && (el as HTMLInputElement).labels?.length) return true;
      if (el.closest('label')) return true;
      if (el.getAttribute('title')?.trim()) return true;
      if (el.textContent?.trim()) return true;
      return !!el.querySelector('img[alt]:not([alt=""])');
    };
    return [
      ...document.querySelectorAll('a[href], button, input, select, textarea, [contenteditable="true"]'),
    ]
      .filter((el) => (el as HTMLElement).offsetParent !== null && (el as HTMLInputElement).type !== 'hidden')
      .filter((el) => !named(el))
      .map((el) => el.outerHTML.slice(0, 120));
  });
}

test('every visible control has a name, on every page', async ({ env, key, paste }) => {
  const page = await env.open('/admin');
  assert.equal(await unnamedControls(page), [], 'sign-in');
  await page.evaluate((k) => localStorage.setItem('api_key', k), key);
  for (const [path, ready] of [
    ['/', '.cm-content'],
    ['/upload', '[data-testid="drop-zone"]'],
    [`/paste/${paste}`, '[data-testid="share-content"] h1'],
    ['/mount-explorer', '[data-testid="explorer"]'],
  ]) {
    await page.goto(path);
    await page.waitForSelector(ready);
    assert.equal(await unnamedControls(page), [], path);
  }
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  assert.equal(await unnamedControls(page), [], 'mobile menu');
  await page.context().close();
});

test('the keyboard reaches the header, the editor and the create button, with a visible focus ring', async ({
  env,
  key,
}) => {
  const page = await env.open('/');
  await page.evaluate((k) => localStorage.setItem('api_key', k), key);
  await page.reload();
  await page.waitForSelector('.cm-content');
  const reached: string[] = [];
  for (let i = 0; i < 45; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const frame = el.closest('.md-input');
      const ring = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
      const frameRing = frame ? getComputedStyle(frame).outlineStyle !== 'none' : false;
      return {
        name: el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 30) || el.tagName,
        visible: ring || frameRing,
      };
    });
    if (!info) continue;
    assert.ok(info.visible, `focus on "${info.name}" is visible`);
    reached.push(info.name);
    if (info.name === 'Create share') break;
  }
  for (const expected of ['Skip to content', 'Home', 'Upload', 'Theme', 'Markdown content', 'Create share'])
    assert.ok(
      reached.some((n) => n.startsWith(expected)),
      `Tab reaches "${expected}" (reached: ${reached.join(' | ')})`,
    );
  await page.context().close();
});

if (chromiumAvailable()) test.run();
