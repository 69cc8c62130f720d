// @clip-databases sqlite postgres

import { TEST_ADMIN } from '@clip/server/testing';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type BrowserEnv, chromiumAvailable, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv }>('shell');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className);

test('the theme toggle cycles auto, light, dark and saves themeMode; auto follows the system live', async ({
  env,
}) => {
  const page = await env.open('/', { colorScheme: 'dark' });
  const toggle = page.locator('button[data-theme-mode]');
  assert.is(await toggle.getAttribute('data-theme-mode'), 'auto');
  assert.match(await htmlClass(page), /\bdark\b/, 'auto follows a dark system');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
  await toggle.click();
  assert.is(await toggle.getAttribute('data-theme-mode'), 'light');
  assert.is(await page.evaluate(() => localStorage.getItem('themeMode')), 'light');
  await toggle.click();
  assert.is(await page.evaluate(() => localStorage.getItem('themeMode')), 'dark');
  assert.match(await htmlClass(page), /\bdark\b/);
  await page.reload();
  assert.match(await htmlClass(page), /\bdark\b/, 'the saved mode survives a reload');
  await page.locator('button[data-theme-mode]').click();
  assert.is(await page.evaluate(() => localStorage.getItem('themeMode')), 'auto');
  assert.not.match(await htmlClass(page), /\bdark\b/, 'auto with a light system');
  await page.context().close();
});

test('the language follows the browser, then the saved choice; titles are translated', async ({ env }) => {
  const page = await env.open('/upload', { locale: 'zh-CN' });
  await page.waitForFunction(() => document.title.startsWith('上传'));
  assert.is(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.ok(await page.getByRole('link', { name: '首页' }).first().isVisible());
  await page.getByLabel('语言').selectOption('en');
  await page.waitForFunction(() => document.title.startsWith('Upload'));
  assert.is(await page.evaluate(() => localStorage.getItem('language')), 'en');
  await page.reload();
  await page.waitForSelector('.site-header');
  assert.ok(
    await page.getByRole('link', { name: 'Home' }).first().isVisible(),
    'saved English beats the zh browser',
  );
  await page.context().close();
});

test('the mobile menu toggles and closes when a link is picked', async ({ env }) => {
  const page = await env.open('/', { viewport: { width: 390, height: 800 } });
  const button = page.getByRole('button', { name: 'Open menu' });
  assert.is(await page.locator('#mobile-menu').count(), 0);
  await button.click();
  const menu = page.locator('#mobile-menu');
  assert.ok(await menu.isVisible());
  await menu.getByRole('link', { name: 'Upload' }).click();
  await page.waitForURL('**/upload');
  assert.is(await page.locator('#mobile-menu').count(), 0, 'picking a link closes the menu');
  await page.context().close();
});

test('unknown paths go home; the footer shows the year and the source link', async ({ env }) => {
  const page = await env.open('/no/such/page');
  await page.waitForURL((url) => url.pathname === '/');
  const footer = await page.locator('.site-footer').textContent();
  assert.ok(footer.includes(String(new Date().getFullYear())));
  assert.ok(await page.locator('.site-footer a[href^="https://"]').count());
  await page.context().close();
});

test('the admin guard sends a key without permissions home; the mount guard keeps a key in its path', async ({
  env,
}) => {
  const admin = await env.server.adminClient();
  const idle = await admin.apiKeys.create({
    name: 'idle',
    text_permission: false,
    file_permission: false,
    mount_permission: false,
    basic_path: '/',
  });
  const team = await env.server.keyClient({ mount: true, basic_path: '/team' });
  const context = await env.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((key) => {
    localStorage.setItem('api_key', key);
    localStorage.setItem('api_key_permissions', JSON.stringify({ text: false, file: false, mount: false }));
  }, idle.key);
  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/');

  await page.evaluate((key) => {
    localStorage.setItem('api_key', key);
    localStorage.setItem('api_key_permissions', JSON.stringify({ text: false, file: false, mount: true }));
    localStorage.setItem('api_key_info', JSON.stringify({ id: 'x', name: 'team', basic_path: '/team' }));
  }, team.key);
  await page.goto('/mount-explorer/other/place');
  await page.waitForURL((url) => url.pathname === '/mount-explorer/team');
  await page.goto('/mount-explorer/team/docs');
  assert.is(
    await page.getByTestId('explorer').getAttribute('data-path'),
    '/team/docs',
    'a path inside the key scope opens',
  );
  await context.close();
});

test('admin sign-in; the environment switcher only with ?showEnvSwitcher; sign-out clears storage', async ({
  env,
}) => {
  const page = await env.open('/admin');
  await page.getByLabel('Username').fill(TEST_ADMIN.username);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('alert').waitFor();
  assert.match((await page.getByRole('alert').textContent()) ?? '', /invalid|wrong|credentials/i);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('.account-chip[data-auth-type="admin"]').waitFor();
  assert.ok(await page.evaluate(() => localStorage.getItem('admin_token')));
  assert.is(await page.getByLabel('API server').count(), 0);
  await page.goto('/?showEnvSwitcher');
  await page.getByLabel('API server').waitFor();
  await page.locator('.account-chip').getByRole('button', { name: 'Sign out' }).click();
  assert.is(await page.evaluate(() => localStorage.getItem('admin_token')), null);
  assert.is(await page.getByLabel('API server').count(), 0, 'gone once signed out');
  await page.context().close();
});

test('a stored admin token the server refuses ends the session with a message', async ({ env }) => {
  const context = await env.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('admin_token', 'not-a-real-token'));
  await page.goto('/upload');
  await page.locator('.toast', { hasText: 'Admin session expired, please log in again' }).waitFor();
  assert.is(await page.evaluate(() => localStorage.getItem('admin_token')), null);
  assert.is(await page.locator('.account-chip').count(), 0);
  await context.close();
});

test('no console errors on the way', ({ env }) => {
  // Refused credentials answer 401 by design, and the guard test's key scope (/team) names no mount
  // in this server, so the explorer's listing there answers 404; nothing else may reach the console.
  const unexpected = env.consoleErrors.filter(
    (e) =>
      !/Failed to load resource: the server responded with a status of 401/.test(e) &&
      !/\/mount-explorer\/team(\/docs)?: Failed to load resource: the server responded with a status of 404/.test(
        e,
      ),
  );
  assert.equal(unexpected, []);
});

if (chromiumAvailable())
  test("before the app's JavaScript runs the page paints the header bar and brand, in the saved theme", async ({
    env,
  }) => {
    const context = await env.newContext({ colorScheme: 'light' });
    await context.addInitScript(() => localStorage.setItem('themeMode', 'dark'));
    const page = await context.newPage();
    // The app's modules never arrive: what shows is index.html with its CSS and theme script.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/mount-explorer');
    const boot = page.locator('.boot-header');
    await boot.waitFor();
    assert.is((await boot.textContent())?.trim(), 'clip');
    assert.match(await htmlClass(page), /\bdark\b/);
    const bootStyle = await boot.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, height: Math.round(el.getBoundingClientRect().height) };
    });
    await page.unroute('**/assets/*.js');
    await page.reload();
    const header = page.locator('.site-header');
    await header.waitFor();
    assert.is(await page.locator('.boot-header').count(), 0, 'the app replaced it');
    const appStyle = await header.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, height: Math.round(el.getBoundingClientRect().height) };
    });
    assert.equal(bootStyle, appStyle, 'the same bar, colour and height as the app header');
    await context.close();
  });

test.run();
