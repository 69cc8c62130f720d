// @clip-databases sqlite postgres
/**
 * Who sees which admin module: an API key with only the text permission sees text management alone and
 * is redirected away from every other module; every module renders in light, dark and auto (and in
 * Chinese), with screenshots written to docs/screenshots when CLIP_SCREENSHOTS=1.
 */
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dialog, expectRows, rows, screenshot, signInAdmin, toast } from './adminHelpers.ts';
import { type BrowserEnv, chromiumAvailable, signInWithKey, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv }>('admin access and themes');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
});
test.after(async (ctx) => {
  await ctx.env?.close();
});

const navLabels = (page: Page) => page.locator('.admin-nav a').allTextContents();

test('a text-only API key sees only its own text shares and no other module', async ({ env }) => {
  const admin = await env.server.adminClient();
  await admin.pastes.create({ content: 'the admin wrote this' });
  await admin.pastes.create({ content: 'and this' });
  const { client: key, key: secret } = await env.server.keyClient({ text: true });
  const own = [];
  for (let i = 0; i < 3; i++) own.push(await key.pastes.create({ content: `key paste ${i}` }));

  const context = await env.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInWithKey(page, secret);
  await page.waitForURL((url) => url.pathname === '/admin/text-management');
  assert.equal(await navLabels(page), ['Text management']);

  await expectRows(page, 'text-management', 3);
  const shown = await rows(page, 'text-management').locator('.cell-main').allTextContents();
  assert.equal(shown.sort(), own.map((p) => p.slug).sort(), 'only the key’s own shares');
  assert.is(await page.getByRole('button', { name: 'Clear expired' }).count(), 0);
  assert.is(await page.getByRole('columnheader', { name: 'Created by' }).count(), 0);
  await page.getByText('The text shares this API key created.').waitFor();

  await page.getByRole('button', { name: `Edit ${own[0].slug}` }).click();
  const d = dialog(page, 'paste-edit');
  await d.locator('input[name="remark"]').fill('edited by the key');
  await d.getByRole('button', { name: 'Save' }).click();
  await toast(page, /Text share updated/);
  assert.is((await key.pastes.getById(own[0].id)).remark, 'edited by the key');

  for (const refused of [
    'dashboard',
    'file-management',
    'storage-config',
    'key-management',
    'settings',
    'mount-management',
    'path-share-management',
  ]) {
    await page.goto(`/admin/${refused}`);
    await page.waitForURL((url) => url.pathname === '/admin/text-management');
    await page.waitForSelector('[data-module="text-management"]');
  }
  assert.equal(await navLabels(page), ['Text management']);
  await context.close();
});

test('a file-only key gets file management, with its own files only', async ({ env }) => {
  const admin = await env.server.adminClient();
  await admin.files.upload(new Blob(['admin file']), {}, { filename: 'admins.txt' });
  const { client: key, key: secret } = await env.server.keyClient({ file: true });
  await key.files.upload(new Blob(['mine']), {}, { filename: 'mine.txt' });
  const context = await env.newContext();
  const page = await context.newPage();
  await signInWithKey(page, secret);
  await page.waitForURL((url) => url.pathname === '/admin/file-management');
  assert.equal(await navLabels(page), ['File management']);
  await expectRows(page, 'file-management', 1);
  assert.equal(await rows(page, 'file-management').locator('.cell-main').allTextContents(), ['mine.txt']);
  await page.goto('/admin/text-management');
  await page.waitForURL((url) => url.pathname === '/admin/file-management');
  await context.close();
});

const MODULES = [
  'dashboard',
  'text-management',
  'file-management',
  'storage-config',
  'key-management',
  'settings',
];

test('every module renders in light and dark, auto follows the system, and in Chinese', async ({ env }) => {
  const admin = await env.server.adminClient();
  await admin.apiKeys.create({ name: 'ci-pipeline', text_permission: true, file_permission: true });
  await admin.pastes.create({
    content: '# Release notes\n\n- faster uploads',
    format: 'markdown',
    remark: 'v1.2',
  });
  await admin.pastes.create({ content: 'secret', password: 'pw-123456', max_views: 5 });
  for (const [name, bytes] of [
    ['report.pdf', 48_000],
    ['photo.jpg', 230_000],
  ] as const)
    await admin.files.upload(new Blob([new Uint8Array(bytes)]), { remark: name }, { filename: name });

  for (const theme of ['light', 'dark'] as const) {
    const context = await env.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: theme });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate((mode) => localStorage.setItem('themeMode', mode), theme);
    await signInAdmin(page);
    for (const module of MODULES) {
      await page.goto(`/admin/${module}`);
      await page.waitForSelector(`[data-module="${module}"]`);
      await page.waitForFunction(
        () =>
          !document.querySelector('[aria-busy="true"]') && !document.body.textContent?.includes('Loading…'),
      );
      if (module === 'dashboard')
        await page.waitForFunction(
          () => (document.querySelector('.chart-box canvas') as HTMLCanvasElement)?.width > 0,
        );
      assert.is(
        await page.evaluate(() => document.documentElement.classList.contains('dark')),
        theme === 'dark',
      );
      await screenshot(page, `admin-${module}-${theme}`);
    }
    await context.close();
  }

  // Auto follows the system preference; the interface speaks Chinese from a zh browser.
  const context = await env.newContext({
    colorScheme: 'dark',
    locale: 'zh-CN',
    viewport: { width: 1280, height: 860 },
  });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill('test-admin-password');
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForSelector('[data-module="dashboard"]');
  assert.is(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
  assert.equal(await navLabels(page), [
    '仪表盘',
    '文本管理',
    '文件管理',
    '路径分享',
    '存储配置',
    '挂载管理',
    '上传请求',
    'API 密钥',
    // One translation of "Settings" in both catalogs (issue 33 item 21): the app's.
    '系统设置',
  ]);
  await page.getByRole('heading', { name: '最近 7 天' }).waitFor();
  await page.goto('/admin/key-management');
  await page.getByRole('button', { name: '新建 API 密钥' }).click();
  await dialog(page, 'key-form').getByRole('tab', { name: '路径选择' }).waitFor();
  await screenshot(page, 'admin-key-management-zh-dark');
  await context.close();
});

test('no console errors on the way', ({ env }) => {
  assert.equal(env.consoleErrors, []);
});

if (chromiumAvailable()) test.run();
