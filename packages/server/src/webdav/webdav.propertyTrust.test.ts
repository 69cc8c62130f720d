// @clip-databases sqlite postgres
/**
 * Dead properties (issue 27 item 5): PROPPATCH needs write access to the path, a resource holds a capped
 * number and size of properties, and a NUL anywhere in the XML (or the URL) is a 400 as on `/api`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PROPERTY_CAP } from '../fs/deadPropertyStore.ts';
import { startTestServer } from '../testing/testServer.ts';
import { basicAuth, type DavKit, startDavKit } from './testing/davTestKit.ts';

let kit: DavKit;
let teamKey: string;
test.before(async () => {
  kit = await startDavKit(startTestServer());
  await kit.mountLocalAndS3();
  await kit.dav('MKCOL', '/local/team');
  await kit.dav('PUT', '/local/team/doc.txt', { body: 'd' });
  const { key } = await kit.server.keyClient({ mount: true, basic_path: '/local/team' });
  teamKey = basicAuth(key, key);
});
test.after(async () => kit?.close());

const update = (...props: string[]) =>
  `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop>${props.join('')}</D:prop></D:set></D:propertyupdate>`;
const rowsAt = (path: string) => kit.server.app.services.db.knex('dav_properties').where({ path });

test('a key sets properties only where it may write: not on folders it may only browse, nor the root', async () => {
  for (const path of ['/', '/local/']) {
    const res = await kit.dav('PROPPATCH', path, { auth: teamKey, body: update('<Z:tag>x</Z:tag>') });
    assert.is(res.status, 403, path);
  }
  assert.equal(await kit.server.app.services.db.knex('dav_properties').select('path'), []);
  const own = await kit.dav('PROPPATCH', '/local/team/doc.txt', {
    auth: teamKey,
    body: update('<Z:tag>x</Z:tag>'),
  });
  assert.is(own.status, 207);
  assert.match(await own.text(), /200 OK/);
});

test('nothing above the mounts holds properties, not even for the admin', async () => {
  const res = await kit.dav('PROPPATCH', '/', { body: update('<Z:tag>x</Z:tag>') });
  assert.is(res.status, 403);
  assert.match(await res.text(), /not inside a mount/);
});

test('a resource holds at most the capped number of properties and bytes; a change past either is refused whole', async () => {
  const path = '/local/team/doc.txt';
  const many = Array.from({ length: PROPERTY_CAP.count + 1 }, (_, i) => `<Z:p${i}>v</Z:p${i}>`);
  const tooMany = await kit.dav('PROPPATCH', path, { auth: teamKey, body: update(...many) });
  assert.is(tooMany.status, 207);
  const tooManyXml = await tooMany.text();
  assert.match(tooManyXml, /507 Insufficient Storage/);
  assert.not.match(tooManyXml, /200 OK/);
  assert.match(tooManyXml, new RegExp(`at most ${PROPERTY_CAP.count} properties`));
  assert.is((await rowsAt(path)).length, 1, 'only the property set before');

  const big = await kit.dav('PROPPATCH', path, {
    auth: teamKey,
    body: update(`<Z:big>${'x'.repeat(PROPERTY_CAP.bytes)}</Z:big>`),
  });
  assert.match(await big.text(), new RegExp(`at most ${PROPERTY_CAP.bytes} bytes`));
  assert.is((await rowsAt(path)).length, 1);

  // Up to the cap is fine, and a resource at the cap can still change and drop what it has.
  const upTo = many.slice(0, PROPERTY_CAP.count - 1);
  const full = await kit.dav('PROPPATCH', path, { auth: teamKey, body: update(...upTo) });
  assert.not.match(await full.text(), /507/);
  assert.is((await rowsAt(path)).length, PROPERTY_CAP.count);
  const remove = await kit.dav('PROPPATCH', path, {
    auth: teamKey,
    body: '<D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:remove><D:prop><Z:p0/></D:prop></D:remove></D:propertyupdate>',
  });
  assert.match(await remove.text(), /200 OK/);
  assert.is((await rowsAt(path)).length, PROPERTY_CAP.count - 1);
});

test('a NUL in a PROPPATCH, LOCK or PROPFIND body, raw or as a character reference, or in the query, is a 400', async () => {
  await kit.dav('PUT', '/local/team/nul.txt', { body: 'n', auth: teamKey });
  for (const value of ['a&#0;b', 'a&#x0;b', 'a\0b']) {
    const res = await kit.dav('PROPPATCH', '/local/team/nul.txt', {
      auth: teamKey,
      body: update(`<Z:tag>${value}</Z:tag>`),
    });
    assert.is(res.status, 400, JSON.stringify(value));
    assert.match(await res.text(), /NUL/);
  }
  const lock = await kit.dav('LOCK', '/local/team/nul.txt', {
    auth: teamKey,
    body: '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>me&#0;</D:owner></D:lockinfo>',
  });
  assert.is(lock.status, 400);
  const find = await kit.dav('PROPFIND', '/local/team/nul.txt', {
    auth: teamKey,
    headers: { depth: '0' },
    body: '<D:propfind xmlns:D="DAV:"><D:prop><Z:a xmlns:Z="urn:&#0;"/></D:prop></D:propfind>',
  });
  assert.is(find.status, 400);
  const query = await kit.dav('PROPFIND', '/local/team/nul.txt?x=%00', {
    auth: teamKey,
    headers: { depth: '0' },
  });
  assert.is(query.status, 400);
  assert.equal(await rowsAt('/local/team/nul.txt'), []);
  assert.equal(await kit.server.app.services.db.knex('dav_locks').select('path'), []);
});

test.run();
