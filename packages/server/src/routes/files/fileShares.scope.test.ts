// @clip-databases sqlite postgres
// Issue 9 item 9: an API key scoped to /foo stores shares only at or below /foo, whatever path it sends,
// through every entry that takes a path: POST /upload, /s3/presign and /s3/multipart/init.
import type { ClipClient } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { s3rverConfig } from '../../testing/index.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { fileRows, rejects } from './testing/fileTestKit.ts';

let server: TestServer;
let s3: TestS3;
let key: ClipClient;
let configId: string;
test.before(async () => {
  [server, s3] = await Promise.all([startTestServer(), startS3rver()]);
  const admin = await server.adminClient();
  configId = (await admin.storageConfigs.create(s3rverConfig(s3, { name: 'scoped', is_public: true }))).id;
  key = (await server.keyClient({ file: true, basic_path: '/foo' })).client;
});
test.after(async () => {
  await server?.close();
  await s3?.close();
});

/** Paths a key scoped to /foo sends, and what each must answer: 403 outside the scope, 400 malformed. */
const REFUSED: [string, 400 | 403][] = [
  ['/bar', 403],
  ['/foobar', 403],
  ['/foobar/x', 403],
  ['/', 403],
  ['bar', 403],
  ['%2e%2e/etc', 400],
  ['/foo/%2e%2e/bar', 400],
  ['/foo/%2E%2E/%2e%2e/bar', 400],
  ['/foo/../bar', 400],
  ['/foo/./x', 400],
  ['/foo//x', 400],
  ['/foo\\..\\bar', 400],
  ['\\foo', 400],
  ['/foo/\0x', 400],
  ['/foo/%00x', 400],
  ['/foo/\u0007x', 400],
  ['/foo/%zz', 400],
];
/** Accepted paths and the folder the share lands in. */
const ACCEPTED: [string | undefined, string][] = [
  [undefined, '/foo'],
  ['/foo', '/foo'],
  ['/foo/', '/foo'],
  ['foo/sub', '/foo/sub'],
  ['/foo/a%20b', '/foo/a b'],
  ['/foo/cafe\u0301', '/foo/caf\u00e9'],
];

type Entry = (path: string | undefined) => Promise<{ id: string }>;
const entries: Record<string, Entry> = {
  '/upload': (path) =>
    key.files.upload(new Blob(['x']), { s3_config_id: configId, path }, { filename: 'x.txt' }),
  '/s3/presign': (path) =>
    key.files
      .presign({ s3_config_id: configId, filename: 'x.txt', size: 1, path })
      .then((r) => ({ id: r.file_id })),
  '/s3/multipart/init': (path) =>
    key.files
      .multipartInit({ s3_config_id: configId, filename: 'x.bin', size: 6 * 1024 * 1024, path })
      .then((r) => ({ id: r.file_id })),
};

for (const [name, call] of Object.entries(entries)) {
  test(`${name}: a key scoped to /foo never writes outside /foo`, async () => {
    for (const [path, status] of REFUSED) {
      const err = await rejects(call(path));
      assert.is(err.status, status, `${JSON.stringify(path)} answered ${err.status}: ${err.message}`);
      // 400s name the path (a NUL is refused earlier, by the shared input guard, still naming the field).
      assert.match(err.message, status === 403 ? /basic path "\/foo"/ : /^(body\.)?path /);
    }
    assert.equal(await fileRows(server), [], 'a refused path leaves no record');
  });

  test(`${name}: paths at or below /foo are accepted and normalised`, async () => {
    const db = server.app.services.db.knex;
    for (const [path, folder] of ACCEPTED) {
      const { id } = await call(path);
      const row = await db('file_shares').where({ id }).first('path', 'storage_path');
      assert.is(row.path, folder, `${JSON.stringify(path)}`);
      assert.ok(row.storage_path.startsWith(`.clip/shares/${folder.slice(1)}/`), row.storage_path);
    }
    await db('file_shares').delete();
  });
}

test('the admin is not limited by a basic path, but malformed paths are refused for everyone', async () => {
  const admin = await server.adminClient();
  const made = await admin.files.upload(new Blob(['a']), { path: '/bar' }, { filename: 'a.txt' });
  assert.is((await admin.files.getById(made.id)).path, '/bar');
  assert.is((await rejects(admin.files.upload(new Blob(['a']), { path: '/a/../b' }))).status, 400);
  await admin.files.remove(made.id);
});

test('basic paths are stored normalised; a malformed one is refused', async () => {
  const admin = await server.adminClient();
  assert.is((await admin.apiKeys.create({ name: 'n', basic_path: 'team/x/' })).basic_path, '/team/x');
  for (const bad of ['/a/../b', '/a//b', '/a\\b', '/%2e%2e'])
    assert.is((await rejects(admin.apiKeys.create({ name: 'bad', basic_path: bad }))).status, 400, bad);
});

test.run();
