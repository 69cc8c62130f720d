// @clip-databases sqlite postgres
/**
 * A Markdown share's HTML is sanitised before any of it reaches a document: checked with the page's
 * CSP switched off (bypassCSP), so only the sanitising order can keep an inline handler from running.
 * And the Raw link of a protected share carries its access token, never its password.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signInAdmin } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv }>('Markdown safety');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

const HOSTILE = [
  '# Hostile',
  '',
  '<img src="data:,broken" onerror="window.__fired.push(\'img\')">',
  '<svg><image href="data:,broken" onerror="window.__fired.push(\'svg\')"></image></svg>',
  '<details open ontoggle="window.__fired.push(\'details\')">x</details>',
  '',
  'after',
].join('\n');

/**
 * A context without the app's CSP whose pages record every inline handler that runs (`__fired`) and
 * every element carrying one that any parse of the page makes, into the page or into a detached
 * document such as a sanitiser's (`__handlers`): a browser wires such a handler as it parses it.
 */
async function unguardedContext(env: BrowserEnv): Promise<BrowserContext> {
  const context = await env.newContext({ bypassCSP: true });
  await context.addInitScript(() => {
    const handlers: string[] = [];
    Object.assign(window, { __fired: [], __handlers: handlers });
    const record = (root: Node | null, how: string) => {
      if (!root || !('querySelectorAll' in root)) return;
      const all = [...(root as ParentNode).querySelectorAll('*')];
      if (root instanceof Element) all.unshift(root);
      for (const el of all)
        for (const a of el.attributes)
          if (a.name.startsWith('on')) handlers.push(`${how}: <${el.localName} ${a.name}>`);
    };
    const parse = DOMParser.prototype.parseFromString;
    DOMParser.prototype.parseFromString = function (this: DOMParser, ...args: Parameters<typeof parse>) {
      const doc = parse.apply(this, args);
      record(doc, 'DOMParser');
      return doc;
    };
    const inner = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
    Object.defineProperty(Element.prototype, 'innerHTML', {
      ...inner,
      set(this: Element, html: string) {
        inner?.set?.call(this, html);
        record(this instanceof HTMLTemplateElement ? this.content : this, 'innerHTML');
      },
    });
    new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) record(node, 'page');
    }).observe(document, { childList: true, subtree: true });
  });
  return context;
}

const fired = (page: Page) => page.evaluate(() => (window as unknown as { __fired: string[] }).__fired);
const handlers = (page: Page) =>
  page.evaluate(() => (window as unknown as { __handlers: string[] }).__handlers);

/** The page had time to run a handler: a broken image's error event comes after its load attempt. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const probe = new Image();
        probe.onerror = () => resolve();
        probe.src = 'data:,broken';
      }),
  );
}

test('a shared Markdown page runs none of its inline handlers, even without the CSP', async ({ env }) => {
  const admin = await env.server.adminClient();
  const share = await admin.pastes.create({ content: HOSTILE, format: 'markdown' });
  const context = await unguardedContext(env);
  const page = await context.newPage();
  await page.goto(`/paste/${share.slug}`);
  await page.getByRole('heading', { name: 'Hostile' }).waitFor();
  await page.getByText('after').waitFor();
  await settled(page);
  assert.equal(await fired(page), [], 'no inline handler ran');
  assert.equal(await handlers(page), [], 'no element with a handler entered the page');
  await context.close();
});

test('the editor preview runs none of a pasted Markdown text’s inline handlers, even without the CSP', async ({
  env,
}) => {
  const context = await unguardedContext(env);
  const page = await context.newPage();
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Home' }).first().click();
  await page.getByRole('tab', { name: 'Markdown' }).click();
  await page.getByTestId('markdown-input').click();
  await page.keyboard.insertText(HOSTILE);
  await page.locator('.md-preview').getByRole('heading', { name: 'Hostile' }).waitFor();
  await page.locator('.md-preview').getByText('after').waitFor();
  await settled(page);
  assert.equal(await fired(page), [], 'no inline handler ran');
  assert.equal(await handlers(page), [], 'no element with a handler entered the page');
  await context.close();
});

test('the Raw link of a protected share carries its access token, not its password', async ({ env }) => {
  const admin = await env.server.adminClient();
  const password = 'hunter2-raw';
  const share = await admin.pastes.create({ content: 'the protected text', password });
  const context = await env.newContext();
  const page = await context.newPage();
  await page.goto(`/paste/${share.slug}`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  const raw = page.getByRole('link', { name: 'Raw text' });
  await raw.waitFor();
  const href = (await raw.getAttribute('href')) ?? '';
  assert.not.match(href, /password/i);
  assert.not.ok(href.includes(password), href);
  assert.match(href, /[?&]token=/);
  const opened = context.waitForEvent('page');
  await raw.click();
  const rawPage = await opened;
  await rawPage.waitForLoadState();
  assert.is(await rawPage.locator('body').textContent(), 'the protected text');
  // Only the token the server issued opens it: a forged one is refused.
  const forged = new URL(href, env.server.url);
  forged.searchParams.set('token', `${Math.floor(Date.now() / 1000) + 3600}.AAAA`);
  assert.is((await fetch(forged)).status, 401);
  await context.close();
});

if (chromiumAvailable()) test.run();
