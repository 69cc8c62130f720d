// @clip-databases sqlite postgres
/**
 * End-to-end encryption through the real `bin/clip`: `paste --encrypt`, `upload --encrypt`, and `get`
 * of a `#k=` link; a missing, wrong or damaged key, a tampered or truncated object each exit non-zero
 * with one line and leave no plaintext file behind.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClipClient, PasteView, PublicFileView } from '@clip/sdk';
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let box: Sandbox;
let files: string;
let keyEnv: { CLIP_API_KEY: string };
let admin: ClipClient;

test.before(async () => {
  server = await startTestServer();
  box = await createSandbox(server.url);
  files = await mkdtemp(join(tmpdir(), 'clip-cli-e2e-'));
  keyEnv = { CLIP_API_KEY: (await server.keyClient({ text: true, file: true })).key };
  admin = await server.adminClient();
});
test.after(async () => {
  await box?.dispose();
  await rm(files, { recursive: true, force: true });
  await server?.close();
});

const slugOf = (url: string) => new URL(url.trim()).pathname.split('/').pop() ?? '';
const otherKey = () => randomBytes(32).toString('base64url');

/** A fresh empty folder to run `get` in. */
async function folder(): Promise<string> {
  return mkdtemp(join(files, 'out-'));
}

/** The stored object of a file share on the server's local storage. */
async function storedObject(slug: string): Promise<string> {
  const { storage_path } = await server.app.services.db
    .knex('file_shares')
    .where({ slug })
    .first('storage_path');
  return join(server.dataDir, 'storage', storage_path);
}

test('paste --encrypt prints a #k= link; the server holds ciphertext; get decrypts it exactly', async () => {
  const text = '# Plans\n\nünïcödé 🎉 and no final newline';
  const url = succeeded(
    await box.run(['paste', '--encrypt', '--format', 'markdown'], { input: text, env: keyEnv }),
  ).trim();
  assert.match(url, new RegExp(`^${server.url}/paste/[A-Za-z0-9_-]+#k=[A-Za-z0-9_-]{43}$`));
  const view = (await server.client().pastes.get(slugOf(url.split('#')[0]))) as PasteView;
  assert.is(view.encrypted, true);
  assert.not.ok(view.content.includes('Plans'));
  assert.is(succeeded(await box.run(['get', url])), text);
});

test('get of an encrypted text share without its key, or with another, fails in one line and prints nothing', async () => {
  const url = succeeded(await box.run(['paste', '--encrypt'], { input: 'secret', env: keyEnv })).trim();
  const bare = url.split('#')[0];
  failedWith(await box.run(['get', bare]), /no decryption key/);
  failedWith(await box.run(['get', `${bare}#k=${otherKey()}`]), /does not match this share/);
  failedWith(await box.run(['get', `${bare}#k=abc`]), /key in the link is incomplete/);
});

test('upload --encrypt, then get: the file comes back under its own name, byte for byte, and -o - streams it', async () => {
  const content = randomBytes(3 * 1024 * 1024 + 17);
  const path = join(files, 'report 2026.bin');
  await writeFile(path, content);
  const url = succeeded(await box.run(['upload', '--encrypt', path], { env: keyEnv })).trim();
  assert.match(url, /\/file\/[A-Za-z0-9_-]+#k=[A-Za-z0-9_-]{43}$/);
  const view = (await server.client().files.getPublic(slugOf(url.split('#')[0]))) as PublicFileView;
  assert.is(view.filename, 'encrypted.clpe');

  const cwd = await folder();
  const saved = succeeded(await box.run(['get', url], { cwd })).trim();
  assert.is(saved, join(cwd, 'report 2026.bin'));
  assert.ok((await readFile(saved)).equals(content));
  assert.equal(await readdir(cwd), ['report 2026.bin'], 'no temporary file left');

  const named = join(await folder(), 'named.bin');
  succeeded(await box.run(['get', url, '-o', named]));
  assert.ok((await readFile(named)).equals(content));
});

test('a tampered object: get exits non-zero with one line and leaves no file', async () => {
  const path = join(files, 'tamper.bin');
  await writeFile(path, randomBytes(500_000));
  const url = succeeded(await box.run(['upload', '--encrypt', path], { env: keyEnv })).trim();
  const object = await storedObject(slugOf(url.split('#')[0]));
  const bytes = await readFile(object);
  bytes[300_000] ^= 0x40;
  await writeFile(object, bytes);
  const cwd = await folder();
  failedWith(await box.run(['get', url], { cwd }), /changed or damaged/);
  assert.equal(await readdir(cwd), [], 'no plaintext, complete or partial, is left');
  const named = join(cwd, 'wanted.bin');
  failedWith(await box.run(['get', url, '-o', named], { cwd }), /changed or damaged/);
  assert.equal(await readdir(cwd), []);
});

test('a truncated object (cut at a chunk boundary, its size recorded to match): detected, no file left', async () => {
  const path = join(files, 'truncate.bin');
  await writeFile(path, randomBytes(4 * 65536));
  const url = succeeded(await box.run(['upload', '--encrypt', path], { env: keyEnv })).trim();
  const slug = slugOf(url.split('#')[0]);
  const object = await storedObject(slug);
  // Header, meta chunk and two whole data chunks: everything a reader gets is authentic, yet not all.
  const cut = 50 + 128 + 16 + 2 * (65536 + 16);
  await truncate(object, cut);
  await server.app.services.db.knex('file_shares').where({ slug }).update({ size: cut, etag: null });
  const cwd = await folder();
  failedWith(await box.run(['get', url], { cwd }), /ends early/);
  assert.equal(await readdir(cwd), []);
});

test('get with a key of a share that is not encrypted just reads it, and says the key was not needed', async () => {
  const url = succeeded(await box.run(['paste'], { input: 'plain', env: keyEnv })).trim();
  const run = await box.run(['get', `${url}#k=${otherKey()}`]);
  assert.is(succeeded(run), 'plain');
  assert.match(run.stderr, /not encrypted: the key in the link was not needed/);
});

test('a refusal answered before the body is read (a key without file permission) fails in one line', async () => {
  const path = join(files, 'refused.bin');
  await writeFile(path, randomBytes(2 * 1024 * 1024));
  const textOnly = { CLIP_API_KEY: (await server.keyClient({ text: true })).key };
  const run = await box.run(['upload', '--encrypt', path], { env: textOnly });
  assert.is(run.code, 1);
  assert.is(run.stdout, '');
  // The upload display's own "failed" line comes first, as for any upload (commands/upload.ts).
  assert.match(run.stderr, /\nclip: this API key has no file permission\n$/);
});

test('--encrypt refuses --url: the server would fetch the file unencrypted', async () => {
  failedWith(
    await box.run(['upload', '--encrypt', '--url', 'https://example.com/a.txt'], { env: keyEnv }),
    /--encrypt cannot upload --url/,
  );
  assert.is((await admin.files.list()).total, 3, 'nothing was created by the refusal');
});

test.run();
