// @clip-databases sqlite postgres
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type BrowserEnv, chromiumAvailable, signInWithKey, startBrowserEnv } from './harness.ts';

const test = suite<{ env: BrowserEnv; key: string; remote: Server; remoteUrl: string }>('file uploads');

// A 1×1 PNG.
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test.before(async (ctx) => {
  // URL uploads fetch from a server on loopback, which the server refuses unless told otherwise.
  ctx.env = await startBrowserEnv({ allowPrivateUrls: true });
  ctx.key = (await ctx.env.server.keyClient({ file: true })).key;
  // A remote file server without CORS headers: the browser cannot fetch it, the server's proxy can.
  ctx.remote = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '21' });
    res.end('fetched from the web\n');
  });
  await new Promise<void>((resolve) => ctx.remote.listen(0, '127.0.0.1', resolve));
  ctx.remoteUrl = `http://127.0.0.1:${(ctx.remote.address() as AddressInfo).port}/remote-notes.txt`;
});
test.after(async (ctx) => {
  await ctx.env?.close();
  // A before hook that failed early left no server: resolve rather than wait for ever.
  await new Promise((resolve) => (ctx.remote ? ctx.remote.close(resolve) : resolve(null)));
});

async function uploadPage(env: BrowserEnv, key: string): Promise<Page> {
  const page = await env.open('/admin');
  await signInWithKey(page, key);
  await page.getByRole('link', { name: 'Upload' }).first().click();
  await page.getByTestId('drop-zone').waitFor();
  return page;
}

/** Drops files on the drop zone the way a browser does: a drop event carrying a DataTransfer. */
async function dropFiles(
  page: Page,
  files: { name: string; type: string; base64?: string; text?: string; size?: number }[],
) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const body = f.base64
        ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))
        : f.text !== undefined
          ? f.text
          : new Uint8Array(f.size ?? 0);
      dt.items.add(new File([body], f.name, { type: f.type }));
    }
    return dt;
  }, files);
  await page.dispatchEvent('[data-testid="drop-zone"]', 'drop', { dataTransfer });
}

test('anonymous visitors are asked to sign in', async ({ env }) => {
  const page = await env.open('/upload');
  assert.ok(
    await page.getByText('Uploading needs the admin account or an API key with file permission.').isVisible(),
  );
  await page.context().close();
});

test('files dropped together upload one by one with their status, and show in recent uploads', async ({
  env,
  key,
}) => {
  const page = await uploadPage(env, key);
  await dropFiles(page, [
    { name: 'notes.txt', type: 'text/plain', text: 'first line\nsecond line' },
    { name: 'pixel.png', type: 'image/png', base64: PIXEL_PNG },
    { name: 'README.md', type: '', text: '# Read me\n\n*fine*' },
  ]);
  assert.is(await page.locator('.upload-item[data-status="pending"]').count(), 3);
  assert.ok(await page.locator('input[name="slug"]').isDisabled(), 'one link suffix cannot name three files');
  await page.getByRole('button', { name: 'Upload 3 files' }).click();
  await page.waitForFunction(
    () => document.querySelectorAll('.upload-item[data-status="success"]').length === 3,
    null,
    { timeout: 30_000 },
  );
  const links = await page.getByTestId('upload-link').allTextContents();
  assert.is(links.length, 3);
  assert.ok(links.every((l) => /\/file\/[A-Za-z0-9_-]+$/.test(l)));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="recent-upload"]').length === 3);

  // Each link opens for a reader in a fresh context, with a preview fitting its type.
  const reader = await (await env.newContext()).newPage();
  await reader.goto(links[0]);
  assert.is(await reader.getByTestId('file-name').textContent(), 'notes.txt');
  assert.is(await reader.getByTestId('file-text').textContent(), 'first line\nsecond line');
  await reader.goto(links[1]);
  await reader.locator('img.file-preview-image').waitFor();
  assert.is(
    await reader.locator('img.file-preview-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
    1,
  );
  await reader.goto(links[2]);
  await reader.locator('[data-testid="file-preview"] h1', { hasText: 'Read me' }).waitFor();
  await reader.context().close();

  // Delete from the recent list: the app's own dialog asks (never the browser's), and both lists drop the file.
  const nativeDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    nativeDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Delete README.md' }).click();
  const confirm = page.locator('dialog[data-dialog="confirm"]');
  await confirm.waitFor();
  assert.match((await confirm.textContent()) ?? '', /Delete README\.md\? Its link stops working\./);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="recent-upload"]').length === 2);
  await page.waitForFunction(
    () => document.querySelectorAll('.upload-item[data-status="success"]').length === 2,
  );
  assert.is(
    await page.locator('.upload-item', { hasText: 'README.md' }).count(),
    0,
    'the upload list drops it',
  );
  assert.equal(nativeDialogs, [], 'no native confirm');
  await page.context().close();
});

test('a password-protected file with a custom link asks for its password', async ({ env, key }) => {
  const page = await uploadPage(env, key);
  await dropFiles(page, [{ name: 'secret.txt', type: 'text/plain', text: 'top secret' }]);
  await page.locator('input[name="slug"]').fill('secret-file');
  await page.locator('input[name="password"]').fill('hunter22');
  await page.locator('select[name="expiryPreset"]').selectOption('1');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByTestId('upload-link').waitFor();
  assert.ok((await page.getByTestId('upload-link').textContent())?.endsWith('/file/secret-file'));

  const reader = await (await env.newContext()).newPage();
  await reader.goto('/file/secret-file');
  await reader.getByRole('heading', { name: 'Password required' }).waitFor();
  await reader.getByLabel('Password').fill('nope');
  await reader.getByRole('button', { name: 'Unlock' }).click();
  assert.is(await reader.getByRole('alert').textContent(), 'Wrong password');
  await reader.getByLabel('Password').fill('hunter22');
  await reader.getByRole('button', { name: 'Unlock' }).click();
  assert.is(await reader.getByTestId('file-text').textContent(), 'top secret');
  assert.match((await reader.getByTestId('share-expiry').textContent()) ?? '', /^Expires /);
  await reader.context().close();
  await page.context().close();
});

test('a file over the maximum upload size is refused before sending', async ({ env, key }) => {
  const admin = await env.server.adminClient();
  await admin.system.updateSettings({ max_upload_size: 0.001 });
  try {
    const page = await uploadPage(env, key);
    await page.getByText('Up to 1.02 KiB per file.').waitFor();
    await dropFiles(page, [{ name: 'big.bin', type: 'application/octet-stream', size: 4096 }]);
    const item = page.locator('.upload-item[data-status="error"]');
    assert.match((await item.textContent()) ?? '', /over the maximum upload size of 1\.02 KiB/);
    assert.ok(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled());
    await page.context().close();
  } finally {
    await admin.system.updateSettings({ max_upload_size: 100 });
  }
});

test('a file chosen before the limit arrives is judged by that limit, not the fallback', async ({
  env,
  key,
}) => {
  const admin = await env.server.adminClient();
  await admin.system.updateSettings({ max_upload_size: 200 });
  try {
    const page = await env.open('/admin');
    await signInWithKey(page, key);
    // The limit's answer is held until the file is in the list.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/system/max-upload-size', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Upload' }).first().click();
    await page.getByTestId('drop-zone').waitFor();
    // Over the 100 MB fallback, under the server's 200 MB.
    await dropFiles(page, [{ name: 'film.bin', type: 'application/octet-stream', size: 101 * 1024 * 1024 }]);
    await page.locator('.upload-item', { hasText: 'film.bin' }).waitFor();
    release();
    await page.getByText('Up to 200.0 MiB per file.').waitFor();
    const item = page.locator('.upload-item', { hasText: 'film.bin' });
    assert.is(await item.getAttribute('data-status'), 'pending');
    assert.not.match((await item.textContent()) ?? '', /over the maximum upload size/);
    assert.ok(await page.getByRole('button', { name: 'Upload', exact: true }).isEnabled());
    await page.context().close();
  } finally {
    await admin.system.updateSettings({ max_upload_size: 100 });
  }
});

test('a URL upload falls back to the server proxy when the browser may not fetch the file', async ({
  env,
  key,
  remoteUrl,
}) => {
  const page = await uploadPage(env, key);
  await page.getByRole('tab', { name: 'From a URL' }).click();
  await page.locator('input[name="url"]').fill('ftp://example.com/x');
  assert.ok(await page.getByText('Enter a valid http or https URL').isVisible());
  await page.locator('input[name="url"]').fill(remoteUrl);
  await page.getByRole('button', { name: 'Upload from URL' }).click();
  const link = page.locator('.url-upload a[href^="/file/"]');
  await link.waitFor({ timeout: 30_000 });
  await link.click();
  assert.is(await page.getByTestId('file-name').textContent(), 'remote-notes.txt');
  assert.is(await page.getByTestId('file-text').textContent(), 'fetched from the web\n');
  await page.context().close();
});

test('in the Chinese interface a refused URL upload is explained in Chinese, the seeded config too', async ({
  env,
  key,
}) => {
  const page = await env.open('/admin', { locale: 'zh-CN' });
  await signInWithKey(page, key);
  await page.goto('/upload');
  await page.getByTestId('drop-zone').waitFor();
  const storage = page.locator('select[name="storageConfig"]');
  await storage.locator('option', { hasText: '本地存储' }).waitFor({ state: 'attached' });
  assert.match((await storage.textContent()) ?? '', /本地存储/, 'the seeded config in the admin language');
  assert.not.match((await storage.textContent()) ?? '', /Local storage/);
  await page.getByRole('tab', { name: '从 URL 上传' }).click();
  // Nothing listens on port 1: the server's fetch fails (UPSTREAM_FAILED) with an English message.
  await page.locator('input[name="url"]').fill('http://127.0.0.1:1/nothing.txt');
  await page.locator('.url-upload button.primary').click();
  const alert = page.locator('.url-upload .field-error[role="alert"]');
  await alert.waitFor({ timeout: 30_000 });
  const text = (await alert.textContent()) ?? '';
  assert.match(text, /[\u4e00-\u9fff]/, `a Chinese message (${text})`);
  assert.not.match(text, /[A-Za-z]{4,}/, `no English words (${text})`);
  await page.context().close();
});

test('no console errors on the way', ({ env }) => {
  // The browser's own fetch of the remote file is refused by CORS before the proxy takes over.
  const unexpected = env.consoleErrors.filter(
    (e) =>
      !/Failed to load resource: the server responded with a status of (401|404|502)|blocked by CORS policy|net::ERR_FAILED/.test(
        e,
      ),
  );
  assert.equal(unexpected, []);
});

if (chromiumAvailable()) test.run();
