// @clip-databases sqlite postgres
/**
 * Signing in: the Sign in link returns to the page it was on, the signed-out admin page is titled
 * Sign in, a bad key is reported once, and a key without file permission is told what it lacks.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv; fileKey: string; textKey: string }>('sign-in');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  ctx.fileKey = (await ctx.env.server.keyClient({ file: true })).key;
  ctx.textKey = (await ctx.env.server.keyClient({ text: true })).key;
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

test('the Sign in link on /upload comes back to /upload; signed out, /admin is titled Sign in', async ({
  env,
  fileKey,
}) => {
  const page = await env.open('/upload');
  await page.getByRole('note').getByRole('link', { name: 'Sign in' }).click();
  await page.locator('input[name="username"]').waitFor();
  await page.waitForFunction(() => document.title.startsWith('Sign in'));
  assert.is(new URL(page.url()).pathname, '/admin');
  await page.getByRole('tab', { name: 'API key' }).click();
  await page.locator('input[name="apiKey"]').fill(fileKey);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('drop-zone').waitFor();
  assert.is(new URL(page.url()).pathname, '/upload');
  await page.context().close();
});

test('a bad API key shows one error', async ({ env }) => {
  const page = await env.open('/admin');
  await page.getByRole('tab', { name: 'API key' }).click();
  await page.locator('input[name="apiKey"]').fill('clip_not-a-real-key');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('.field-error[role="alert"]').waitFor();
  // A second message would be a toast from the failed call's "session ended" notice, shown by a
  // zero-delay timer queued before the field error rendered. A zero-delay timer queued now runs after
  // it (timers with equal delays run in order), and the toast list renders synchronously (a store
  // subscription), so by then a toast would be in the page.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const messages = await page.locator('[role="alert"], .toast').allTextContents();
  assert.is(messages.length, 1, `one error, got ${JSON.stringify(messages)}`);
  assert.match(messages[0], /API key invalid or expired/);
  await page.context().close();
});

test('a key without file permission is told what /upload needs, not to sign in', async ({ env, textKey }) => {
  const page = await env.open('/admin');
  await page.getByRole('tab', { name: 'API key' }).click();
  await page.locator('input[name="apiKey"]').fill(textKey);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForSelector('.account-chip');
  await page.goto('/upload');
  const note = page.getByRole('note');
  await note.waitFor();
  assert.match((await note.textContent()) ?? '', /lacks the file permission/);
  assert.is(await note.getByRole('link', { name: 'Sign in' }).count(), 0);
  await page.context().close();
});

if (chromiumAvailable()) test.run();
