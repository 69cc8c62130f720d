// @clip-databases sqlite postgres
/**
 * COPY and MOVE (issue 27 item 13): a Destination on another host is 502 and nothing happens here; COPY
 * with Overwrite: T writes the copy before the target goes, so a copy that fails leaves the target whole.
 */
import { Readable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../testing/testServer.ts';
import { type DavKit, hrefs, startDavKit } from './testing/davTestKit.ts';

let kit: DavKit;
test.before(async () => {
  kit = await startDavKit(startTestServer());
  await kit.mountLocalAndS3();
});
test.after(async () => kit?.close());

const listing = async (path: string) =>
  hrefs(await (await kit.dav('PROPFIND', path, { headers: { depth: '1' } })).text());

test('a Destination on another host is 502: nothing is copied or moved here', async () => {
  await kit.dav('PUT', '/local/here.txt', { body: 'h' });
  const elsewhere = 'http://elsewhere.example/dav/local/there.txt';
  for (const method of ['COPY', 'MOVE']) {
    const res = await kit.dav(method, '/local/here.txt', { headers: { destination: elsewhere } });
    assert.is(res.status, 502, method);
    assert.match(await res.text(), /another server/);
  }
  assert.is((await kit.dav('GET', '/local/there.txt')).status, 404);
  assert.is(await (await kit.dav('GET', '/local/here.txt')).text(), 'h');
  // This server's own URL, and a bare path, are fine.
  const own = await kit.dav('COPY', '/local/here.txt', {
    headers: { destination: `${kit.server.url}/dav/local/there.txt` },
  });
  assert.is(own.status, 201);
});

test('COPY Overwrite: T of a collection replaces the target with the copy, nothing of the old target left', async () => {
  await kit.dav('MKCOL', '/local/from');
  await kit.dav('PUT', '/local/from/new.txt', { body: 'new' });
  await kit.dav('MKCOL', '/local/into');
  await kit.dav('PUT', '/local/into/old.txt', { body: 'old' });
  const res = await kit.dav('COPY', '/local/from/', { headers: { destination: '/dav/local/into/' } });
  assert.is(res.status, 204);
  assert.equal(await listing('/local/into/'), ['/dav/local/into/', '/dav/local/into/new.txt']);
  assert.not.ok((await listing('/local/')).some((h) => h.includes('.clip-copy-')));
});

test('a COPY over an existing collection that fails midway leaves the target as it was', async () => {
  // On S3 `src/a` can be a file and a folder at once; a local folder cannot hold both, so the copy fails.
  const s3 = await kit.server.app.services.storageConfigs.driverFor(kit.s3ConfigId);
  await s3.write('clash/a', Readable.from([Buffer.from('file')]), { size: 4 });
  await s3.write('clash/a/b', Readable.from([Buffer.from('below')]), { size: 5 });
  await kit.dav('MKCOL', '/local/keep');
  await kit.dav('PUT', '/local/keep/precious.txt', { body: 'precious' });

  const res = await kit.dav('COPY', '/s3/clash/', { headers: { destination: '/dav/local/keep/' } });
  assert.ok(res.status >= 400, `the copy fails (${res.status})`);
  assert.is(await (await kit.dav('GET', '/local/keep/precious.txt')).text(), 'precious');
  assert.equal(await listing('/local/keep/'), ['/dav/local/keep/', '/dav/local/keep/precious.txt']);
  assert.not.ok(
    (await listing('/local/')).some((h) => h.includes('.clip-copy-')),
    'the half copy is gone',
  );
});

test('a MOVE across mounts over an existing collection that fails midway leaves both sides as they were', async () => {
  await kit.dav('MKCOL', '/local/keep-move');
  await kit.dav('PUT', '/local/keep-move/precious.txt', { body: 'precious' });
  const res = await kit.dav('MOVE', '/s3/clash/', { headers: { destination: '/dav/local/keep-move/' } });
  assert.ok(res.status >= 400, `the move fails (${res.status})`);
  assert.is(await (await kit.dav('GET', '/local/keep-move/precious.txt')).text(), 'precious');
  assert.equal(await listing('/local/keep-move/'), [
    '/dav/local/keep-move/',
    '/dav/local/keep-move/precious.txt',
  ]);
  assert.is(await (await kit.dav('GET', '/s3/clash/a/b')).text(), 'below', 'the source stays');
  assert.not.ok((await listing('/local/')).some((h) => h.includes('.clip-copy-')));
});

test('a MOVE across mounts over an existing file replaces it', async () => {
  await kit.dav('PUT', '/s3/moving.txt', { body: 'moved' });
  await kit.dav('PUT', '/local/moved.txt', { body: 'old' });
  const res = await kit.dav('MOVE', '/s3/moving.txt', { headers: { destination: '/dav/local/moved.txt' } });
  assert.is(res.status, 204);
  assert.is(await (await kit.dav('GET', '/local/moved.txt')).text(), 'moved');
  assert.is((await kit.dav('GET', '/s3/moving.txt')).status, 404);
});

test.run();
