// @clip-databases sqlite postgres
/**
 * End-to-end encrypted shares between the web app and the terminal client: what Chromium makes,
 * the spawned `bin/clip` opens, and the reverse; a missing or wrong key, and a tampered file, are
 * said in plain words; the server only ever sees ciphertext.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PasteView, PublicFileView } from '@clip/sdk';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type BrowserEnv, chromiumAvailable, signInWithKey, startBrowserEnv } from './harness.ts';

const CLIP_BIN = fileURLToPath(new URL('../../bin/clip', import.meta.url));
const SHOTS = process.env.CLIP_UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL('../../docs/screenshots/', import.meta.url))
  : `${mkdtempSync(join(tmpdir(), 'clip-e2e-shots-'))}/`;

const test = suite<{ env: BrowserEnv; key: string; dir: string }>('end-to-end encrypted shares');

test.before(async (ctx) => {
  ctx.env = await startBrowserEnv();
  ctx.key = (await ctx.env.server.keyClient({ text: true, file: true })).key;
  ctx.dir = mkdtempSync(join(tmpdir(), 'clip-e2e-browser-'));
  await mkdir(SHOTS, { recursive: true });
});
test.after(async (ctx) => {
  await ctx.env?.close();
  if (ctx.dir) await rm(ctx.dir, { recursive: true, force: true });
});

/** Runs the real terminal client against the test server. */
function clip(
  ctx: { env: BrowserEnv; key: string; dir: string },
  args: string[],
  input = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env };
    for (const name of Object.keys(env)) if (name.startsWith('CLIP_')) delete env[name];
    const child = spawn(CLIP_BIN, args, {
      cwd: ctx.dir,
      env: { ...env, XDG_CONFIG_HOME: ctx.dir, CLIP_SERVER: ctx.env.server.url, CLIP_API_KEY: ctx.key },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

async function signedIn(env: BrowserEnv, key: string, path: string): Promise<Page> {
  const page = await env.open('/admin');
  await signInWithKey(page, key);
  await page.goto(path);
  return page;
}

/** A page in a fresh context (no sign-in: a reader), controlled by the service worker. */
async function reader(env: BrowserEnv, url: string, locale = 'en-US'): Promise<Page> {
  const page = await env.open('/', { locale, acceptDownloads: true });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto(url);
  return page;
}

const MARKDOWN = `# Quarterly plan ${randomBytes(3).toString('hex')}\n\n- **bold** item\n- second item\n`;

test('web → CLI: a Markdown share made with the switch on holds ciphertext; the reader and clip get decrypt it', async (ctx) => {
  const { env } = ctx;
  const page = await signedIn(env, ctx.key, '/');
  await page.waitForSelector('.home');
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await page.getByTestId('plain-input').fill(MARKDOWN);
  await page.getByRole('tab', { name: 'Markdown' }).click();
  const encrypt = page.getByRole('switch', { name: 'End-to-end encrypt' });
  await encrypt.check();
  assert.ok(await encrypt.isChecked());
  await page.screenshot({ path: `${SHOTS}home-encrypt-light-en.png`, animations: 'disabled' });
  await page.getByRole('button', { name: 'Create share' }).click();
  const link = await page.getByTestId('share-link').inputValue();
  assert.match(link, /\/paste\/[A-Za-z0-9_-]+#k=[A-Za-z0-9_-]{43}$/);

  const slug = new URL(link).pathname.split('/').pop() as string;
  const stored = (await env.server.client().pastes.get(slug)) as PasteView;
  assert.is(stored.encrypted, true);
  assert.not.ok(stored.content.includes('Quarterly'), 'the server has ciphertext only');

  const view = await reader(env, link);
  const heading = view.getByTestId('share-content').getByRole('heading', { level: 1 });
  await heading.waitFor();
  assert.match(await heading.textContent(), /^Quarterly plan/);
  assert.is(await view.getByTestId('share-content').locator('strong').textContent(), 'bold');
  assert.ok(await view.getByTestId('encrypted-badge').isVisible());
  await view.screenshot({ path: `${SHOTS}paste-encrypted-light-en.png`, animations: 'disabled' });

  const got = await clip(ctx, ['get', link]);
  assert.is(got.code, 0, got.stderr);
  assert.is(got.stdout, MARKDOWN);
});

test('a link without its key, or with another key, says so in plain words (en and zh)', async (ctx) => {
  const { env } = ctx;
  const made = await clip(ctx, ['paste', '--encrypt'], 'only with the key');
  const link = made.stdout.trim();
  const bare = link.split('#')[0];
  const noKey = await reader(env, bare);
  await noKey.getByTestId('decrypt-error').waitFor();
  assert.match(await noKey.getByTestId('decrypt-error').textContent(), /the link has no key/);
  await noKey.screenshot({ path: `${SHOTS}paste-encrypted-no-key-light-en.png`, animations: 'disabled' });

  const wrong = await reader(env, `${bare}#k=${randomBytes(32).toString('base64url')}`);
  await wrong.getByTestId('decrypt-error').waitFor();
  assert.match(await wrong.getByTestId('decrypt-error').textContent(), /does not open this share/);

  const zh = await reader(env, bare, 'zh-CN');
  await zh.getByTestId('decrypt-error').waitFor();
  assert.match(await zh.getByTestId('decrypt-error').textContent(), /链接中没有密钥/);
});

test('CLI → web: a file from clip upload --encrypt opens under its own name and downloads decrypted through the service worker', async (ctx) => {
  const { env } = ctx;
  const content = randomBytes(3 * 1024 * 1024 + 7);
  const path = join(ctx.dir, 'field notes.bin');
  await writeFile(path, content);
  const made = await clip(ctx, ['upload', '--encrypt', path]);
  assert.is(made.code, 0, made.stderr);
  const link = made.stdout.trim();

  const page = await reader(env, link);
  const name = page.getByTestId('file-name');
  await page.getByRole('button', { name: 'Download and decrypt' }).and(page.locator(':enabled')).waitFor();
  assert.is(await name.textContent(), 'field notes.bin');
  await page.screenshot({ path: `${SHOTS}file-encrypted-light-en.png`, animations: 'disabled' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download and decrypt' }).click(),
  ]);
  assert.is(download.suggestedFilename(), 'field notes.bin');
  const saved = join(ctx.dir, 'from-browser.bin');
  await download.saveAs(saved);
  assert.is(await download.failure(), null);
  assert.ok((await readFile(saved)).equals(content), 'the browser saved the plaintext byte for byte');
  await page.getByText('Downloaded and verified.').waitFor();
});

test('web → CLI: a file uploaded with the switch on is ciphertext on the server and clip get restores it', async (ctx) => {
  const { env } = ctx;
  const content = Buffer.concat([Buffer.from('web upload '), randomBytes(300_000)]);
  const path = join(ctx.dir, 'from web.dat');
  await writeFile(path, content);
  const page = await signedIn(env, ctx.key, '/upload');
  await page.getByRole('switch', { name: 'End-to-end encrypt' }).check();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Choose files' }).click(),
  ]);
  await chooser.setFiles(path);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const link = (await page.getByTestId('upload-link').textContent()) ?? '';
  assert.match(link, /\/file\/[A-Za-z0-9_-]+#k=[A-Za-z0-9_-]{43}$/);
  assert.match(
    (await page.getByTestId('upload-link').getAttribute('href')) ?? '',
    /#k=/,
    'the link in the list keeps the key',
  );
  await page.screenshot({ path: `${SHOTS}upload-encrypt-light-en.png`, animations: 'disabled' });
  const slug = new URL(link).pathname.split('/').pop() as string;
  const view = (await env.server.client().files.getPublic(slug)) as PublicFileView;
  assert.is(view.filename, 'encrypted.clpe');

  const target = join(ctx.dir, 'restored.dat');
  const got = await clip(ctx, ['get', link, '-o', target]);
  assert.is(got.code, 0, got.stderr);
  assert.ok((await readFile(target)).equals(content));
});

test('a tampered file: the browser download fails and the page says the data was changed', async (ctx) => {
  const { env } = ctx;
  const path = join(ctx.dir, 'tamper.bin');
  await writeFile(path, randomBytes(600_000));
  const made = await clip(ctx, ['upload', '--encrypt', path]);
  const link = made.stdout.trim();
  const slug = new URL(link).pathname.split('/').pop();
  const { storage_path } = await env.server.app.services.db
    .knex('file_shares')
    .where({ slug })
    .first('storage_path');
  const object = join(env.server.dataDir, 'storage', storage_path);
  const bytes = await readFile(object);
  bytes[400_000] ^= 0x10;
  await writeFile(object, bytes);

  const page = await reader(env, link);
  const button = page.getByRole('button', { name: 'Download and decrypt' });
  await button.and(page.locator(':enabled')).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  assert.ok(await download.failure(), 'the browser does not complete the download');
  const error = page.getByTestId('decrypt-error');
  await error.waitFor();
  assert.match(await error.textContent(), /changed or damaged/);
  await page.screenshot({ path: `${SHOTS}file-encrypted-tampered-light-en.png`, animations: 'disabled' });
});

test('no console errors on the way', ({ env }) => {
  const unexpected = env.consoleErrors.filter((e) => !/Failed to load resource|net::ERR/.test(e));
  assert.equal(unexpected, []);
});

if (chromiumAvailable()) test.run();
