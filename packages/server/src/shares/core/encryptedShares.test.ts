// @clip-databases sqlite postgres
/**
 * End-to-end encrypted shares on the server: it keeps and serves ciphertext only, renders and previews
 * none of it, and the share rules (password, views) hold. The proof: every file of the data directory,
 * every object in S3 and every table searched for a marker of the plaintext, the real file name and
 * the key, after text and file shares (direct, presigned, multipart) were made and read.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ClipClient,
  decodeKey,
  decryptPaste,
  decryptStream,
  keyFromFragment,
  type PasteView,
  type PublicFileView,
  uploadFile,
} from '@clip/sdk';
import { fileSource } from '@clip/sdk/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { driverOf } from '../../routes/files/testing/fileTestKit.ts';
import { dumpFiles, dumpTables, filesBelow, tableNames } from '../../testing/atRest.ts';
import { s3rverConfig } from '../../testing/mounts.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';

let server: TestServer;
let s3: TestS3;
let admin: ClipClient;
let s3ConfigId: string;
const MARKER = `secret-marker-${randomBytes(8).toString('hex')}`;
const FILE_NAME = `plans-${randomBytes(4).toString('hex')}.md`;
/** Every key handed out, to search for them afterwards. */
const keys: string[] = [];

test.before(async () => {
  [server, s3] = await Promise.all([startTestServer(), startS3rver()]);
  admin = await server.adminClient();
  s3ConfigId = (await admin.storageConfigs.create(s3rverConfig(s3))).id;
});
test.after(async () => {
  await server?.close();
  await s3?.close();
});

function keyOf(url: string): Uint8Array {
  const text = keyFromFragment(new URL(url).hash);
  if (text) keys.push(text);
  return decodeKey(text);
}

async function api(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${await server.adminToken()}`);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${server.url}/api${path}`, { ...init, headers });
}

async function* bodyOf(res: Response) {
  yield* res.body as unknown as AsyncIterable<Uint8Array>;
}

/** A file share's bytes through its public download link, opened with the key. */
async function openFile(view: PublicFileView, key: Uint8Array) {
  const res = await fetch(view.download_url);
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'application/octet-stream');
  assert.match(res.headers.get('content-disposition') ?? '', /^attachment/);
  const opened = await decryptStream(key, bodyOf(res));
  const parts: Uint8Array[] = [];
  for await (const p of opened.data) parts.push(p);
  return { meta: opened.meta, data: Buffer.concat(parts) };
}

test('an encrypted text share: the server holds ciphertext, shows no title, format or preview, and the key opens it', async () => {
  const created = await admin.pastes.create({
    content: `# Title\n\n${MARKER}`,
    title: `title ${MARKER}`,
    format: 'markdown',
    encrypt: true,
  });
  assert.match(created.url, /#k=[A-Za-z0-9_-]{43}$/);
  const key = keyOf(created.url);
  const view = (await server.client().pastes.get(created.slug)) as PasteView;
  assert.is(view.encrypted, true);
  assert.is(view.format, 'text');
  assert.is(view.title, null);
  assert.not.ok(view.content.includes(MARKER));
  assert.equal(await decryptPaste(view, key), {
    title: `title ${MARKER}`,
    format: 'markdown',
    content: `# Title\n\n${MARKER}`,
  });

  const listed = (await admin.pastes.list()).items.find((p) => p.slug === created.slug);
  assert.is(listed?.encrypted, true);
  assert.is(listed?.preview, null, 'ciphertext has no preview');

  const raw = await fetch(`${server.url}/api/raw/${created.slug}`);
  assert.is(raw.status, 200);
  assert.is(raw.headers.get('content-type'), 'application/octet-stream');
  assert.match(raw.headers.get('content-disposition') ?? '', /^attachment/);
  assert.is(raw.headers.get('x-content-type-options'), 'nosniff');
  const bytes = Buffer.from(await raw.arrayBuffer());
  assert.is(
    bytes.subarray(0, 4).toString('ascii'),
    'CLPE',
    'the stream itself, for any reader of the format',
  );
});

test('password and view limit work on an encrypted text share as on any other', async () => {
  const created = await admin.pastes.create({
    content: MARKER,
    password: 'pw-1',
    max_views: 1,
    encrypt: true,
  });
  const key = keyOf(created.url);
  const reader = server.client();
  assert.equal(await reader.pastes.get(created.slug), { slug: created.slug, requires_password: true });
  const unlocked = await reader.pastes.unlock(created.slug, 'pw-1');
  assert.is((await decryptPaste(unlocked, key)).content, MARKER);
  const again = await reader.pastes.unlock(created.slug, 'pw-1').catch((e) => e);
  assert.is(again.status, 410);
});

test('bad input: plaintext claimed encrypted, a clear title or format, plaintext written over ciphertext, all 400 naming the field', async () => {
  const plain = await api('/paste', {
    method: 'POST',
    body: JSON.stringify({ content: MARKER, encrypted: true }),
  });
  assert.is(plain.status, 400);
  assert.match(
    ((await plain.json()) as { message: string }).message,
    /body\.content must be the base64url of an encrypted stream/,
  );
  const sealed = await admin.pastes.create({ content: 'x', encrypt: true });
  keyOf(sealed.url);
  const view = (await server.client().pastes.get(sealed.slug)) as PasteView;
  for (const extra of [{ title: 'in clear' }, { format: 'markdown' }]) {
    const res = await api('/paste', {
      method: 'POST',
      body: JSON.stringify({ content: view.content, encrypted: true, ...extra }),
    });
    assert.is(res.status, 400);
    assert.match(((await res.json()) as { message: string }).message, /not allowed on an encrypted share/);
  }
  const overwrite = await admin.pastes.update(sealed.id, { content: 'now in clear' }).catch((e) => e);
  assert.is(overwrite.status, 400);
  assert.is(
    (await admin.pastes.update(sealed.id, { remark: "a remark is the owner's own words" })).encrypted,
    true,
  );
});

test('an encrypted file share, direct to local storage: neutral name and type, no preview, the key opens name, type and bytes', async () => {
  const path = join(server.dataDir, '..', `${FILE_NAME}`);
  const content = Buffer.concat([Buffer.from(`${MARKER}\n`), randomBytes(200_000), Buffer.from(MARKER)]);
  await writeFile(path, content);
  const created = await uploadFile(admin, await fileSource(path), { encrypt: true, max_views: 5 });
  assert.is(created.encrypted, true);
  assert.is(created.filename, 'encrypted.clpe');
  assert.is(created.mimetype, 'application/octet-stream');
  const key = keyOf(created.url);
  const view = (await server.client().files.getPublic(created.slug)) as PublicFileView;
  assert.is(view.encrypted, true);
  assert.is(view.filename, 'encrypted.clpe');
  const opened = await openFile(view, key);
  assert.equal(opened.meta, { name: FILE_NAME, type: 'text/markdown' });
  assert.ok(opened.data.equals(content));

  const preview = await fetch(view.preview_url);
  assert.is(preview.headers.get('content-type'), 'application/octet-stream', 'a view is a download too');
  assert.match(preview.headers.get('content-disposition') ?? '', /^attachment/);
  await preview.arrayBuffer();
  const office = await fetch(view.office_preview_url);
  assert.is(office.status, 400);
  assert.match(((await office.json()) as { message: string }).message, /encrypted file has no preview/);
  assert.is((await admin.files.getById(created.id)).encrypted, true);
});

test('encrypted files through S3: presigned and multipart parts are ciphertext made range by range', async () => {
  const path = join(server.dataDir, '..', `s3-${FILE_NAME}`);
  const content = Buffer.concat([
    Buffer.from(MARKER),
    randomBytes(11 * 1024 * 1024 + 12345),
    Buffer.from(MARKER),
  ]);
  await writeFile(path, content);
  for (const mode of ['presigned', 'multipart'] as const) {
    const created = await uploadFile(admin, await fileSource(path), {
      encrypt: true,
      mode,
      s3_config_id: s3ConfigId,
      multipartThreshold: 5 * 1024 * 1024,
    });
    const key = keyOf(created.url);
    const view = (await server.client().files.getPublic(created.slug)) as PublicFileView;
    const opened = await openFile(view, key);
    assert.is(opened.meta.name, `s3-${FILE_NAME}`);
    assert.ok(opened.data.equals(content), `${mode}: bytes round trip`);
  }
});

test('a URL upload cannot be encrypted (the server would fetch the plaintext)', async () => {
  const res = await api('/url/presign', {
    method: 'POST',
    body: JSON.stringify({
      url: 'https://example.com/a.txt',
      filename: 'a.txt',
      s3_config_id: s3ConfigId,
      encrypted: true,
    }),
  });
  assert.is(res.status, 400);
  assert.match(
    ((await res.json()) as { message: string }).message,
    /URL upload cannot be end-to-end encrypted/,
  );
});

test('the marker, the real file name and every key appear nowhere: data directory, S3 objects, every table', async () => {
  assert.ok(keys.length >= 6, 'keys from every share made above');
  const knex = server.app.services.db.knex;
  const tables = await tableNames(server.app.services.db);
  for (const expected of ['pastes', 'file_shares', 'upload_sessions'])
    assert.ok(tables.includes(expected), `the dump misses ${expected}`);
  let dump = await dumpTables(server.app.services.db, tables);
  const files = filesBelow(server.dataDir);
  assert.ok(
    files.some((f) => f.includes('.clip')),
    'the local store is in the data directory',
  );
  dump += dumpFiles(files);
  const driver = await driverOf(server, s3ConfigId);
  const objects: string[] = (
    await knex('file_shares').where({ s3_config_id: s3ConfigId }).select('storage_path')
  ).map((r: { storage_path: string }) => r.storage_path);
  assert.is(objects.length, 2, 'the S3 objects');
  for (const object of objects) {
    const parts: Buffer[] = [];
    for await (const p of (await driver.read(object)).stream as AsyncIterable<Buffer>) parts.push(p);
    dump += Buffer.concat(parts).toString('latin1');
  }
  assert.ok(dump.length > 20 * 1024 * 1024, 'the dump holds the tables, the files and the objects');
  const needles = [
    MARKER,
    FILE_NAME,
    'secret-marker',
    ...keys,
    ...keys.map((k) => Buffer.from(k, 'base64url').toString('hex')),
    ...keys.map((k) => Buffer.from(k, 'base64url').toString('latin1')),
  ];
  for (const needle of needles)
    assert.not.ok(dump.includes(needle), `found in the server's keeping: ${needle.slice(0, 12)}...`);
  // And the search is real: an unencrypted share of the marker is found by the same search.
  const plain = await admin.pastes.create({ content: MARKER });
  const again = JSON.stringify(await knex('pastes').select('*'));
  assert.ok(again.includes(MARKER));
  await admin.pastes.remove(plain.id);
});

test.run();
