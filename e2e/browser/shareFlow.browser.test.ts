// @clip-databases sqlite postgres
/**
 * The share flow as a new user meets it (issue 33 items 7–9): after a share is created the form starts
 * a new one (a second click cannot publish the same text without its password) and the home page
 * lists the user's recent shares; text typed before signing in survives the sign-in; on a phone the
 * menu offers "Sign out".
 */
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type BrowserEnv, chromiumAvailable, signInWithKey, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv }>('share flow');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

async function signedInHome(env: BrowserEnv, key: string, options: Parameters<BrowserEnv['open']>[1] = {}) {
  const page = await env.open('/admin', options);
  await signInWithKey(page, key);
  await page.goto('/');
  await page.waitForSelector('.home');
  await page.getByRole('tab', { name: 'Plain text' }).click();
  return page;
}

async function share(page: Page, text: string, password = '') {
  await page.getByTestId('plain-input').fill(text);
  if (password) await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Create share' }).click();
  return page.getByTestId('share-link').inputValue();
}

test('after a share is created the form starts a new one: a second click publishes nothing', async ({
  env,
}) => {
  const { client, key } = await env.server.keyClient({ text: true });
  const page = await signedInHome(env, key);
  await share(page, 'the launch codes', 'swordfish');
  assert.is(await page.getByTestId('plain-input').inputValue(), '', 'the editor is empty');
  assert.is(await page.locator('input[name="password"]').inputValue(), '', 'the password field is empty');
  await page.getByRole('button', { name: 'Create share' }).click();
  await page.getByText('Content cannot be empty').waitFor();
  const mine = await client.pastes.list({});
  assert.is(mine.items.length, 1, 'one share, not a second unprotected copy');
  assert.ok(mine.items[0].has_password, 'the one share has its password');
  await page.context().close();
});

test('the home page lists my recent shares, so a hidden link is one click away', async ({ env }) => {
  const { key } = await env.server.keyClient({ text: true });
  const other = await env.server.keyClient({ text: true });
  await other.client.pastes.create({ content: 'not mine', title: 'Someone else' });
  const page = await signedInHome(env, key, { permissions: ['clipboard-read', 'clipboard-write'] });
  const first = await share(page, 'first text');
  await page.getByRole('button', { name: 'Hide now' }).click();
  const second = await share(page, 'second text');
  await page.getByRole('button', { name: 'Hide now' }).click();
  await page.getByTestId('share-link').waitFor({ state: 'detached' });
  const recent = page.getByRole('region', { name: 'Your recent shares' });
  await recent.getByTestId('recent-share').nth(1).waitFor();
  const rows = await recent.getByTestId('recent-share').allTextContents();
  assert.is(rows.length, 2, 'only my two shares');
  const slugOf = (url: string) => url.split('/').pop() ?? '';
  assert.match(rows[0], new RegExp(slugOf(second)), 'newest first');
  assert.match(rows[1], new RegExp(slugOf(first)));
  await recent.getByRole('button', { name: `Copy link of ${slugOf(first)}` }).click();
  await page.locator('.toast', { hasText: 'Link copied' }).waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), first);
  await recent.getByRole('link', { name: slugOf(second) }).click();
  await page.getByText('second text').waitFor();
  await page.context().close();
});

test('text typed before signing in from the home banner is there after signing in', async ({ env }) => {
  const { key } = await env.server.keyClient({ text: true });
  const page = await env.open('/');
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await page.getByTestId('plain-input').fill('written before signing in\nsecond line');
  await page.getByRole('note').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'API key' }).click();
  await page.locator('input[name="apiKey"]').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('tab', { name: 'Plain text' }).click();
  const input = page.getByTestId('plain-input');
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="plain-input"]') as HTMLTextAreaElement | null)?.value !== '',
  );
  assert.is(await input.inputValue(), 'written before signing in\nsecond line');
  await page.context().close();
});

test('on a phone the menu has the account and signs out', async ({ env }) => {
  const { key } = await env.server.keyClient({ text: true });
  const page = await signedInHome(env, key);
  await page.setViewportSize({ width: 390, height: 800 });
  assert.ok(
    !(await page.getByRole('button', { name: 'Sign out' }).isVisible()),
    'the header has no room for it',
  );
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  const signOut = menu.getByRole('button', { name: 'Sign out' });
  const box = await signOut.boundingBox();
  assert.ok(
    box && box.width > 20 && box.x + box.width <= 390,
    `Sign out is on screen (${JSON.stringify(box)})`,
  );
  await signOut.click();
  await page.getByRole('note').getByText('Sign in to create shares').waitFor();
  assert.is(await page.evaluate(() => localStorage.getItem('api_key')), null, 'the key is forgotten');
  await page.context().close();
});

if (chromiumAvailable()) test.run();
