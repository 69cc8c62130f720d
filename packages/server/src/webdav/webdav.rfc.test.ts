// @clip-databases sqlite postgres
/** RFC 4918 behaviour litmus 0.13 does not enforce, against a local mount and an s3rver mount. */
import { connect } from 'node:net';
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

const text = async (res: Response) => res.text();

test('OPTIONS needs no auth and says DAV 1, 2; anything else without auth is 401 with a Basic challenge', async () => {
  const opts = await kit.dav('OPTIONS', '/local/', { auth: null });
  assert.is(opts.status, 200);
  assert.is(opts.headers.get('dav'), '1, 2');
  assert.is(opts.headers.get('ms-author-via'), 'DAV');
  const res = await kit.dav('PROPFIND', '/', { auth: null, headers: { depth: '0' } });
  assert.is(res.status, 401);
  assert.match(res.headers.get('www-authenticate') ?? '', /^Basic realm="clip"/);
});

test('/dav/ lists the mounts; Depth infinity (or none) is 403 propfind-finite-depth; malformed XML is 400', async () => {
  const root = await kit.dav('PROPFIND', '/', { headers: { depth: '1' } });
  assert.is(root.status, 207);
  const listed = hrefs(await text(root));
  assert.ok(listed.includes('/dav/local/') && listed.includes('/dav/s3/'), listed.join(' '));
  for (const depth of ['infinity', undefined]) {
    const res = await kit.dav('PROPFIND', '/local/', { headers: depth ? { depth } : {} });
    assert.is(res.status, 403);
    assert.match(await text(res), /propfind-finite-depth/);
  }
  const bad = await kit.dav('PROPFIND', '/local/', {
    headers: { depth: '0' },
    body: '<D:propfind xmlns:D="DAV:"><D:prop>',
  });
  assert.is(bad.status, 400);
});

for (const m of ['local', 's3']) {
  test(`${m}: PUT 201 then 204, 409 without parent; MKCOL 201, 405 existing, 409 no parent, 415 with body`, async () => {
    assert.is((await kit.dav('MKCOL', `/${m}/rfc`)).status, 201);
    assert.is((await kit.dav('MKCOL', `/${m}/rfc`)).status, 405);
    assert.is((await kit.dav('MKCOL', `/${m}/nope/deeper`)).status, 409);
    assert.is(
      (
        await kit.dav('MKCOL', `/${m}/rfc/withbody`, {
          body: '<x/>',
          headers: { 'content-type': 'text/xml' },
        })
      ).status,
      415,
    );
    assert.is((await kit.dav('PUT', `/${m}/rfc/a.txt`, { body: 'one' })).status, 201);
    assert.is((await kit.dav('PUT', `/${m}/rfc/a.txt`, { body: 'two!' })).status, 204);
    assert.is(await text(await kit.dav('GET', `/${m}/rfc/a.txt`)), 'two!');
    assert.is((await kit.dav('PUT', `/${m}/missing/a.txt`, { body: 'x' })).status, 409);
  });

  test(`${m}: PROPFIND props: RFC 1123 getlastmodified, ISO creationdate, displayname = last segment, etag = GET's`, async () => {
    await kit.dav('PUT', `/${m}/rfc/props file.txt`, { body: 'hello' });
    const res = await kit.dav('PROPFIND', `/${m}/rfc/props%20file.txt`, { headers: { depth: '0' } });
    assert.is(res.status, 207);
    const xml = await text(res);
    const modified = /<D:getlastmodified>([^<]+)</.exec(xml)?.[1] ?? '';
    assert.match(
      modified,
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
    );
    assert.ok(Math.abs(Date.parse(modified) - Date.now()) < 5 * 60_000);
    assert.match(xml, /<D:displayname>props file.txt<\/D:displayname>/);
    assert.match(xml, /<D:getcontentlength>5<\/D:getcontentlength>/);
    const etag = /<D:getetag>([^<]+)</.exec(xml)?.[1];
    const get = await kit.dav('GET', `/${m}/rfc/props%20file.txt`);
    assert.is(get.headers.get('etag'), etag?.replace(/&quot;/g, '"'));
  });

  test(`${m}: GET with Range answers 206; If-None-Match answers 304`, async () => {
    await kit.dav('PUT', `/${m}/rfc/range.txt`, { body: '0123456789' });
    const part = await kit.dav('GET', `/${m}/rfc/range.txt`, { headers: { range: 'bytes=2-5' } });
    assert.is(part.status, 206);
    assert.is(part.headers.get('content-range'), 'bytes 2-5/10');
    assert.is(await text(part), '2345');
    const etag = part.headers.get('etag') as string;
    const again = await kit.dav('GET', `/${m}/rfc/range.txt`, { headers: { 'if-none-match': etag } });
    assert.is(again.status, 304);
  });

  test(`${m}: COPY Depth 0 of a collection copies the collection without its members`, async () => {
    await kit.dav('MKCOL', `/${m}/rfc/src`);
    await kit.dav('PUT', `/${m}/rfc/src/member.txt`, { body: 'm' });
    const res = await kit.dav('COPY', `/${m}/rfc/src/`, {
      headers: { depth: '0', destination: `${kit.server.url}/dav/${m}/rfc/shallow/` },
    });
    assert.is(res.status, 201);
    const listing = await kit.dav('PROPFIND', `/${m}/rfc/shallow/`, { headers: { depth: '1' } });
    assert.is(listing.status, 207);
    assert.equal(hrefs(await text(listing)), [`/dav/${m}/rfc/shallow/`]);
    const over = await kit.dav('COPY', `/${m}/rfc/src/`, {
      headers: { destination: `/dav/${m}/rfc/shallow/`, overwrite: 'F' },
    });
    assert.is(over.status, 412);
  });

  test(`${m}: chunked PUT with X-Expected-Entity-Length; a length mismatch is refused and the old object stays`, async () => {
    const chunks = (parts: string[]) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (const p of parts) c.enqueue(new TextEncoder().encode(p));
          c.close();
        },
      });
    const ok = await kit.dav('PUT', `/${m}/rfc/chunked.txt`, {
      body: chunks(['abc', 'def']),
      headers: { 'x-expected-entity-length': '6' },
    });
    assert.is(ok.status, 201);
    assert.is(await text(await kit.dav('GET', `/${m}/rfc/chunked.txt`)), 'abcdef');
    const short = await kit.dav('PUT', `/${m}/rfc/chunked.txt`, {
      body: chunks(['xy']),
      headers: { 'x-expected-entity-length': '6' },
    });
    assert.is(short.status, 400);
    assert.is(await text(await kit.dav('GET', `/${m}/rfc/chunked.txt`)), 'abcdef');
  });

  test(`${m}: a PUT whose connection drops before Content-Length bytes leaves the old content`, async () => {
    await kit.dav('PUT', `/${m}/rfc/trunc.txt`, { body: 'original' });
    const url = new URL(kit.server.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `PUT /dav/${m}/rfc/trunc.txt HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${kit.basic}\r\nContent-Length: 1000\r\n\r\n${'x'.repeat(400)}`,
        );
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    // The server notices the drop asynchronously: wait until a listing no longer shows a write in flight.
    for (let i = 0; i < 50; i++) {
      const body = await text(await kit.dav('GET', `/${m}/rfc/trunc.txt`));
      assert.is(body, 'original');
      if (i > 5) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  test(`${m}: dead properties follow MOVE and COPY and go with DELETE`, async () => {
    await kit.dav('PUT', `/${m}/rfc/dp.txt`, { body: 'p' });
    const patch = await kit.dav('PROPPATCH', `/${m}/rfc/dp.txt`, {
      body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop><Z:color>blue</Z:color></D:prop></D:set></D:propertyupdate>',
    });
    assert.is(patch.status, 207);
    assert.match(await text(patch), /200 OK/);
    assert.is(
      (await kit.dav('COPY', `/${m}/rfc/dp.txt`, { headers: { destination: `/dav/${m}/rfc/dp-copy.txt` } }))
        .status,
      201,
    );
    assert.is(
      (await kit.dav('MOVE', `/${m}/rfc/dp.txt`, { headers: { destination: `/dav/${m}/rfc/dp-moved.txt` } }))
        .status,
      201,
    );
    for (const p of ['dp-copy.txt', 'dp-moved.txt']) {
      const res = await kit.dav('PROPFIND', `/${m}/rfc/${p}`, {
        headers: { depth: '0' },
        body: '<D:propfind xmlns:D="DAV:"><D:prop><Z:color xmlns:Z="urn:z"/></D:prop></D:propfind>',
      });
      assert.match(await text(res), /<Z:color xmlns:Z="urn:z">blue<\/Z:color>/);
    }
    assert.is((await kit.dav('DELETE', `/${m}/rfc/dp-moved.txt`)).status, 204);
    const rows = await kit.server.app.services.db
      .knex('dav_properties')
      .where({ path: `/${m}/rfc/dp-moved.txt` });
    assert.is(rows.length, 0);
  });

  test(`${m}: X-OC-Mtime is accepted and answered as getlastmodified`, async () => {
    const res = await kit.dav('PUT', `/${m}/rfc/mtime.txt`, {
      body: 'm',
      headers: { 'x-oc-mtime': '1500000000' },
    });
    assert.is(res.headers.get('x-oc-mtime'), 'accepted');
    const xml = await text(await kit.dav('PROPFIND', `/${m}/rfc/mtime.txt`, { headers: { depth: '0' } }));
    assert.match(xml, /<D:getlastmodified>Fri, 14 Jul 2017 02:40:00 GMT<\/D:getlastmodified>/);
  });

  test(`${m}: a write through WebDAV is listed by /api/admin/fs at once, and an API write by PROPFIND`, async () => {
    const before = await kit.api('GET', `/admin/fs/list?path=/${m}/rfc`);
    assert.is(before.status, 200);
    await kit.dav('PUT', `/${m}/rfc/fresh.txt`, { body: 'f' });
    const after = await kit.api('GET', `/admin/fs/list?path=/${m}/rfc`);
    const names = (after.json.data as { items: { name: string }[] }).items.map((i) => i.name);
    assert.ok(names.includes('fresh.txt'), names.join(','));
    await kit.dav('PROPFIND', `/${m}/rfc/`, { headers: { depth: '1' } });
    assert.is((await kit.api('POST', '/admin/fs/mkdir', { path: `/${m}/rfc/from-api` })).status, 201);
    const xml = await text(await kit.dav('PROPFIND', `/${m}/rfc/`, { headers: { depth: '1' } }));
    assert.ok(hrefs(xml).includes(`/dav/${m}/rfc/from-api/`));
  });
}

test('PROPFIND Depth 1 and GET of a folder larger than a listing page answer every child once, in order', async () => {
  const driver = await kit.server.app.services.storageConfigs.driverFor(kit.localConfigId);
  const names = Array.from({ length: 1205 }, (_, i) => `f-${String(i).padStart(4, '0')}.txt`);
  for (const name of names)
    await driver.write(`paged/${name}`, Readable.from([Buffer.from('x')]), { size: 1 });
  const res = await kit.dav('PROPFIND', '/local/paged/', { headers: { depth: '1' } });
  assert.is(res.status, 207);
  const body = await text(res);
  assert.ok(body.trimEnd().endsWith('</D:multistatus>'), 'the answer is complete');
  assert.equal(hrefs(body), ['/dav/local/paged/', ...names.map((n) => `/dav/local/paged/${n}`)]);
  const get = await kit.dav('GET', '/local/paged/');
  assert.is(get.status, 200);
  assert.equal(
    (await text(get)).split('\n'),
    names.map((n) => `/dav/local/paged/${n}`),
  );
});

test('macOS metadata names answer 404 without looking at storage (even when such an object exists)', async () => {
  const driver = await kit.server.app.services.storageConfigs.driverFor(kit.localConfigId);
  const { Readable } = await import('node:stream');
  await driver.write('._probe', Readable.from([Buffer.from('x')]), { size: 1 });
  for (const name of ['._probe', '.DS_Store', '.Spotlight-V100'])
    assert.is((await kit.dav('PROPFIND', `/local/${name}`, { headers: { depth: '0' } })).status, 404, name);
});

test('a web_proxy=false mount answers GET with 307 to a presigned link', async () => {
  await kit.mount({
    name: 'direct',
    mount_path: '/direct',
    storage_config_id: kit.s3ConfigId,
    storage_type: 's3',
    web_proxy: false,
  });
  await kit.dav('PUT', '/direct/r.txt', { body: 'redirected' });
  const res = await kit.dav('GET', '/direct/r.txt');
  assert.is(res.status, 307);
  const location = res.headers.get('location') as string;
  assert.ok(location.startsWith(kit.s3.endpoint), location);
  assert.is(await (await fetch(location)).text(), 'redirected');
});

test('LOCK: 423 without the token, PUT with it; timeout capped at an hour; unmapped LOCK creates an empty resource', async () => {
  await kit.dav('PUT', '/local/rfc/locked.txt', { body: 'l' });
  const body =
    '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>me</D:owner></D:lockinfo>';
  const lock = await kit.dav('LOCK', '/local/rfc/locked.txt', { body, headers: { timeout: 'Second-99999' } });
  assert.is(lock.status, 200);
  const token = (lock.headers.get('lock-token') as string).slice(1, -1);
  assert.match(await text(lock), /<D:timeout>Second-3600<\/D:timeout>/);
  assert.is((await kit.dav('PUT', '/local/rfc/locked.txt', { body: 'x' })).status, 423);
  assert.is(
    (await kit.dav('PUT', '/local/rfc/locked.txt', { body: 'y', headers: { if: `(<${token}>)` } })).status,
    204,
  );
  assert.is(
    (await kit.dav('UNLOCK', '/local/rfc/locked.txt', { headers: { 'lock-token': `<${token}>` } })).status,
    204,
  );
  assert.is((await kit.dav('PUT', '/local/rfc/locked.txt', { body: 'z' })).status, 204);
  const nul = await kit.dav('LOCK', '/local/rfc/lock-null.txt', { body });
  assert.is(nul.status, 201);
  const head = await kit.dav('HEAD', '/local/rfc/lock-null.txt');
  assert.is(head.status, 200);
  assert.is(head.headers.get('content-length'), '0');
});

test('quota properties only when the storage config has a capacity, and only when asked for', async () => {
  const body =
    '<D:propfind xmlns:D="DAV:"><D:prop><D:quota-available-bytes/><D:quota-used-bytes/></D:prop></D:propfind>';
  const none = await (await kit.dav('PROPFIND', '/local/', { headers: { depth: '0' }, body })).text();
  assert.match(none, /<D:quota-available-bytes\/>[\s\S]*404 Not Found/);
  const admin = await kit.server.adminClient();
  await admin.storageConfigs.update(kit.s3ConfigId, { total_storage_bytes: 1_000_000 });
  const known = await (await kit.dav('PROPFIND', '/s3/', { headers: { depth: '0' }, body })).text();
  assert.match(known, /<D:quota-available-bytes>\d+<\/D:quota-available-bytes>/);
  assert.match(known, /<D:quota-used-bytes>\d+<\/D:quota-used-bytes>/);
  const all = await (await kit.dav('PROPFIND', '/s3/', { headers: { depth: '0' } })).text();
  assert.not.match(all, /quota/);
});

test.run();
