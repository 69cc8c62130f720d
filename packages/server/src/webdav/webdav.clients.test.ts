// @clip-databases sqlite postgres
/**
 * What Finder, Windows Explorer (the WebClient mini-redirector) and phone apps rely on that litmus does
 * not check, on an s3 mount whose storage sits behind a proxy recording every request: root listings
 * with collection hrefs ending in `/`, Microsoft's Win32* properties, Finder's metadata names answered
 * without a storage call, LOCK on a new name, and `Translate: f`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../testing/testServer.ts';
import { type DavKit, hrefs, startDavKit, startRecordingProxy } from './testing/davTestKit.ts';

let kit: DavKit;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
test.before(async () => {
  kit = await startDavKit(startTestServer());
  proxy = await startRecordingProxy(kit.s3.endpoint);
  const recorded = await kit.createS3ConfigVia(proxy.url, 'recorded');
  await kit.mount({ name: 'drive', mount_path: '/drive', storage_config_id: recorded, storage_type: 's3' });
  await kit.mountLocal();
});
test.after(async () => {
  await kit?.close();
  await proxy?.close();
});

const MS_NS = 'urn:schemas-microsoft-com:';

test('Windows: PROPFIND Depth 1 on the root (with or without its slash) answers /dav/ and mounts as collections ending in /', async () => {
  for (const path of ['/', '']) {
    // The mini-redirector sends an empty body with Content-Length: 0 (an allprop).
    const res = await kit.dav('PROPFIND', path, { headers: { depth: '1', 'content-length': '0' }, body: '' });
    assert.is(res.status, 207, `PROPFIND /dav${path}`);
    const xml = await res.text();
    const listed = hrefs(xml);
    assert.is(listed[0], '/dav/');
    assert.ok(listed.includes('/dav/drive/') && listed.includes('/dav/local/'), listed.join(' '));
    for (const href of listed) assert.ok(href.endsWith('/'), `${href} is a collection`);
    assert.is((xml.match(/<D:collection\/>/g) ?? []).length, listed.length);
  }
});

test('Windows: PROPPATCH of Win32CreationTime, Win32LastAccessTime, Win32LastModifiedTime and Win32FileAttributes is accepted and kept', async () => {
  assert.is((await kit.dav('PUT', '/drive/report.docx', { body: 'doc' })).status, 201);
  const stamp = 'Sun, 22 Nov 2026 10:00:00 GMT';
  const res = await kit.dav('PROPPATCH', '/drive/report.docx', {
    headers: { 'content-type': 'text/xml; charset="utf-8"' },
    body: `<?xml version="1.0" encoding="utf-8" ?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="${MS_NS}"><D:set><D:prop><Z:Win32CreationTime>${stamp}</Z:Win32CreationTime><Z:Win32LastAccessTime>${stamp}</Z:Win32LastAccessTime><Z:Win32LastModifiedTime>${stamp}</Z:Win32LastModifiedTime><Z:Win32FileAttributes>00000020</Z:Win32FileAttributes></D:prop></D:set></D:propertyupdate>`,
  });
  assert.is(res.status, 207);
  const answer = await res.text();
  assert.is((answer.match(/HTTP\/1\.1 200 OK/g) ?? []).length, 4, answer);
  assert.not.match(answer, /403|424/);
  const found = await kit.dav('PROPFIND', '/drive/report.docx', {
    headers: { depth: '0', 'content-type': 'text/xml' },
    body: `<?xml version="1.0"?><D:propfind xmlns:D="DAV:" xmlns:Z="${MS_NS}"><D:prop><Z:Win32FileAttributes/><Z:Win32LastModifiedTime/></D:prop></D:propfind>`,
  });
  const xml = await found.text();
  assert.match(xml, />00000020</);
  assert.match(xml, new RegExp(`>${stamp}<`));
  assert.not.match(xml, /404 Not Found/);
});

test('Finder: ._ files, .DS_Store and Spotlight/Trash folders answer 404 on every method without a storage call', async () => {
  const before = proxy.requests.length;
  const probes: [string, string][] = [
    ['PROPFIND', '/drive/._report.docx'],
    ['GET', '/drive/._report.docx'],
    ['HEAD', '/drive/.DS_Store'],
    ['PUT', '/drive/._report.docx'],
    ['PUT', '/drive/.DS_Store'],
    ['MKCOL', '/drive/.Spotlight-V100'],
    ['PROPFIND', '/drive/.Trashes'],
    ['DELETE', '/drive/._x'],
    ['LOCK', '/drive/._report.docx'],
  ];
  for (const [method, path] of probes) {
    const res = await kit.dav(method, path, {
      headers: { depth: '0' },
      body: method === 'PUT' ? 'resource fork' : undefined,
    });
    assert.is(res.status, 404, `${method} ${path}`);
    await res.arrayBuffer();
  }
  assert.equal(proxy.requests.slice(before), [], 'no request reached storage');
  // The real file next to them is untouched, and reading it does reach storage through the proxy.
  assert.is(await (await kit.dav('GET', '/drive/report.docx')).text(), 'doc');
  assert.ok(proxy.requests.length > before, 'the proxy sees storage calls');
});

test('LOCK on a name that does not exist creates an empty locked resource (201): listed, writable with the token only', async () => {
  const res = await kit.dav('LOCK', '/drive/new.txt', {
    headers: { timeout: 'Second-3600', 'content-type': 'text/xml' },
    body: '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner><D:href>finder</D:href></D:owner></D:lockinfo>',
  });
  assert.is(res.status, 201);
  const token = /<([^>]+)>/.exec(res.headers.get('lock-token') ?? '')?.[1] as string;
  assert.match(token, /^opaquelocktoken:/);
  assert.match(await res.text(), /<D:locktoken><D:href>opaquelocktoken:/);

  const listing = await kit.dav('PROPFIND', '/drive/', { headers: { depth: '1' } });
  assert.ok(hrefs(await listing.text()).includes('/dav/drive/new.txt'));
  const props = await kit.dav('PROPFIND', '/drive/new.txt', { headers: { depth: '0' } });
  const xml = await props.text();
  assert.match(xml, /<D:getcontentlength>0<\/D:getcontentlength>/);
  assert.ok(xml.includes(token), 'lockdiscovery names the lock');

  assert.is((await kit.dav('PUT', '/drive/new.txt', { body: 'intruder' })).status, 423);
  assert.is(
    (await kit.dav('PUT', '/drive/new.txt', { body: 'mine', headers: { if: `(<${token}>)` } })).status,
    204,
  );
  assert.is(await (await kit.dav('GET', '/drive/new.txt')).text(), 'mine');
  const unlock = await kit.dav('UNLOCK', '/drive/new.txt', { headers: { 'lock-token': `<${token}>` } });
  assert.is(unlock.status, 204);
});

test('Translate: f (sent by Windows for every GET) is ignored: the file bytes, not a rendered page', async () => {
  for (const m of ['drive', 'local']) {
    const body = '<html><body>not rendered</body></html>';
    assert.ok([201, 204].includes((await kit.dav('PUT', `/${m}/page.html`, { body })).status));
    const res = await kit.dav('GET', `/${m}/page.html`, { headers: { translate: 'f' } });
    assert.is(res.status, 200);
    assert.is(await res.text(), body);
    const head = await kit.dav('HEAD', `/${m}/page.html`, { headers: { translate: 'f' } });
    assert.is(head.status, 200);
    assert.is(head.headers.get('content-length'), String(body.length));
  }
});

test('phone apps: a folder URL without its trailing slash answers like the one with it; MOVE with a full Destination URL', async () => {
  assert.is((await kit.dav('MKCOL', '/local/phone')).status, 201);
  for (const path of ['/local/phone', '/local/phone/']) {
    const res = await kit.dav('PROPFIND', path, { headers: { depth: '0' } });
    assert.is(res.status, 207);
    assert.equal(hrefs(await res.text()), ['/dav/local/phone/']);
  }
  assert.is((await kit.dav('PUT', '/local/phone/IMG_0001.JPG', { body: 'jpeg' })).status, 201);
  const moved = await kit.dav('MOVE', '/local/phone/IMG_0001.JPG', {
    headers: { destination: `${kit.server.url}/dav/local/phone/IMG%200001%20(1).JPG`, overwrite: 'F' },
  });
  assert.is(moved.status, 201);
  assert.is(await (await kit.dav('GET', '/local/phone/IMG%200001%20(1).JPG')).text(), 'jpeg');
});

test.run();
