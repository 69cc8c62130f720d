// @clip-databases sqlite postgres
/**
 * WebDAV and `/api/admin/fs` agree on dead properties and locks, on a local and an s3rver mount: a rename,
 * copy or delete through the API carries or drops the properties PROPPATCH set (files and folders, with
 * everything below), and a WebDAV lock refuses API writes (423 LOCKED) until it is released.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../testing/testServer.ts';
import { type DavKit, startDavKit } from './testing/davTestKit.ts';

let kit: DavKit;
test.before(async () => {
  kit = await startDavKit(startTestServer());
  await kit.mountLocalAndS3();
});
test.after(async () => kit?.close());

const NS = 'urn:clip-test';

async function setProp(path: string, name: string, value: string): Promise<void> {
  const res = await kit.dav('PROPPATCH', path, {
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="${NS}"><D:set><D:prop><Z:${name}>${value}</Z:${name}></D:prop></D:set></D:propertyupdate>`,
  });
  assert.is(res.status, 207, `PROPPATCH ${path}`);
  assert.match(await res.text(), /200 OK/);
}

/** The value of a dead property, or null when the resource has none (404 in its propstat). */
async function getProp(path: string, name: string): Promise<string | null> {
  const res = await kit.dav('PROPFIND', path, {
    headers: { depth: '0', 'content-type': 'application/xml' },
    body: `<?xml version="1.0"?><D:propfind xmlns:D="DAV:" xmlns:Z="${NS}"><D:prop><Z:${name}/></D:prop></D:propfind>`,
  });
  assert.is(res.status, 207, `PROPFIND ${path}`);
  const found = (await res.text()).split(/<D:propstat>/).find((part) => part.includes('200 OK'));
  const m = found ? new RegExp(`<(?:\\w+:)?${name}\\b[^>]*>([^<]*)</(?:\\w+:)?${name}>`).exec(found) : null;
  return m ? m[1] : null;
}

async function put(path: string, body: string, headers: Record<string, string> = {}): Promise<number> {
  return (await kit.dav('PUT', path, { body, headers })).status;
}

async function apiUpload(folder: string, name: string, content: string) {
  const form = new FormData();
  form.append('path', folder);
  form.append('file', new Blob([content]), name);
  const res = await fetch(`${kit.server.url}/api/admin/fs/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${kit.adminToken}` },
    body: form,
  });
  return { status: res.status, json: (await res.json()) as { error?: string; message: string } };
}

async function lock(path: string, depth = 'infinity'): Promise<string> {
  const res = await kit.dav('LOCK', path, {
    headers: { depth, timeout: 'Second-600', 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>test</D:owner></D:lockinfo>',
  });
  assert.ok(res.status === 200 || res.status === 201, `LOCK ${path}: ${res.status}`);
  const token = /<([^>]+)>/.exec(res.headers.get('lock-token') ?? '')?.[1];
  assert.ok(token, 'a Lock-Token header');
  return token as string;
}

function assertLocked(reply: { status: number; json: { error?: string; message: string } }, path: string) {
  assert.is(reply.status, 423, reply.json.message);
  assert.is(reply.json.error, 'LOCKED');
  assert.ok(reply.json.message.includes(`"${path}" is locked`), reply.json.message);
}

for (const m of ['local', 's3']) {
  test(`${m}: an API rename moves the dead properties of a folder and everything below it`, async () => {
    assert.is((await kit.dav('MKCOL', `/${m}/ren`)).status, 201);
    assert.is((await kit.dav('MKCOL', `/${m}/ren/sub`)).status, 201);
    assert.is(await put(`/${m}/ren/sub/a.txt`, 'a'), 201);
    await setProp(`/${m}/ren`, 'color', 'red');
    await setProp(`/${m}/ren/sub/a.txt`, 'color', 'blue');
    const res = await kit.api('POST', '/admin/fs/rename', { oldPath: `/${m}/ren`, newPath: `/${m}/ren2` });
    assert.is(res.status, 200, res.json.message);
    assert.is(await getProp(`/${m}/ren2`, 'color'), 'red');
    assert.is(await getProp(`/${m}/ren2/sub/a.txt`, 'color'), 'blue');
    // Nothing stays behind for a new resource at the old path.
    assert.is((await kit.dav('MKCOL', `/${m}/ren`)).status, 201);
    assert.is(await getProp(`/${m}/ren`, 'color'), null);
  });

  test(`${m}: an API file rename carries its properties; an API delete drops them (recursively)`, async () => {
    assert.is(await put(`/${m}/f.txt`, 'f'), 201);
    await setProp(`/${m}/f.txt`, 'tag', 'one');
    const ren = await kit.api('POST', '/admin/fs/rename', { oldPath: `/${m}/f.txt`, newPath: `/${m}/g.txt` });
    assert.is(ren.status, 200, ren.json.message);
    assert.is(await getProp(`/${m}/g.txt`, 'tag'), 'one');

    const del = await kit.api('DELETE', `/admin/fs/remove?path=${encodeURIComponent(`/${m}/g.txt`)}`);
    assert.is(del.status, 200, del.json.message);
    assert.is(await put(`/${m}/g.txt`, 'again'), 201);
    assert.is(await getProp(`/${m}/g.txt`, 'tag'), null);

    assert.is((await kit.dav('MKCOL', `/${m}/gone`)).status, 201);
    assert.is(await put(`/${m}/gone/x.txt`, 'x'), 201);
    await setProp(`/${m}/gone/x.txt`, 'tag', 'deep');
    const batch = await kit.api('POST', '/admin/fs/batch-remove', { paths: [`/${m}/gone`] });
    assert.is(batch.status, 200, batch.json.message);
    assert.is((await kit.dav('MKCOL', `/${m}/gone`)).status, 201);
    assert.is(await put(`/${m}/gone/x.txt`, 'x'), 201);
    assert.is(await getProp(`/${m}/gone/x.txt`, 'tag'), null);
  });

  test(`${m}: an API batch copy copies the properties of every copied file and folder; the source keeps its own`, async () => {
    assert.is((await kit.dav('MKCOL', `/${m}/cp`)).status, 201);
    assert.is(await put(`/${m}/cp/b.txt`, 'b'), 201);
    await setProp(`/${m}/cp`, 'color', 'green');
    await setProp(`/${m}/cp/b.txt`, 'color', 'yellow');
    const res = await kit.api('POST', '/admin/fs/batch-copy', {
      items: [{ sourcePath: `/${m}/cp`, targetPath: `/${m}/cp2` }],
    });
    assert.is(res.status, 200, res.json.message);
    assert.is(await getProp(`/${m}/cp2`, 'color'), 'green');
    assert.is(await getProp(`/${m}/cp2/b.txt`, 'color'), 'yellow');
    assert.is(await getProp(`/${m}/cp/b.txt`, 'color'), 'yellow');
  });

  test(`${m}: a WebDAV MOVE and COPY carry properties the API then sees moved (one store for both)`, async () => {
    assert.is(await put(`/${m}/mv.txt`, 'm'), 201);
    await setProp(`/${m}/mv.txt`, 'tag', 'moved');
    const dest = `${kit.server.url}/dav/${m}/mv2.txt`;
    assert.is((await kit.dav('MOVE', `/${m}/mv.txt`, { headers: { destination: dest } })).status, 201);
    const listed = await kit.api('GET', `/admin/fs/list?path=${encodeURIComponent(`/${m}`)}`);
    const names = (listed.json.data as { items: { name: string }[] }).items.map((i) => i.name);
    assert.ok(names.includes('mv2.txt') && !names.includes('mv.txt'), names.join(' '));
    assert.is(await getProp(`/${m}/mv2.txt`, 'tag'), 'moved');
  });

  test(`${m}: a WebDAV-locked file refuses API upload, save, rename and delete (423 LOCKED) until UNLOCK`, async () => {
    assert.is(await put(`/${m}/locked.txt`, 'v1'), 201);
    const token = await lock(`/${m}/locked.txt`, '0');
    const path = `/${m}/locked.txt`;
    assertLocked(await apiUpload(`/${m}`, 'locked.txt', 'v2'), path);
    assertLocked(await kit.api('POST', '/admin/fs/update', { path, content: 'v2' }), path);
    assertLocked(
      await kit.api('POST', '/admin/fs/rename', { oldPath: path, newPath: `/${m}/other.txt` }),
      path,
    );
    assertLocked(await kit.api('DELETE', `/admin/fs/remove?path=${encodeURIComponent(path)}`), path);
    const copyOnto = await kit.api('POST', '/admin/fs/batch-copy', {
      items: [{ sourcePath: `/${m}/mv2.txt`, targetPath: path }],
      skipExisting: false,
    });
    assertLocked(copyOnto, path);
    // Batch remove reports the path as failed, and names the lock.
    const batch = await kit.api('POST', '/admin/fs/batch-remove', { paths: [path] });
    const failed = (batch.json.data as { failed: { error: string }[] }).failed;
    assert.is(failed.length, 1);
    assert.match(failed[0].error, /is locked/);
    // The content is what it was; the lock holder still writes it through WebDAV.
    assert.is(await (await kit.dav('GET', path)).text(), 'v1');
    assert.is(await put(path, 'v3', { if: `(<${token}>)` }), 204);
    const unlock = await kit.dav('UNLOCK', path, { headers: { 'lock-token': `<${token}>` } });
    assert.is(unlock.status, 204);
    const saved = await kit.api('POST', '/admin/fs/update', { path, content: 'v4' });
    assert.is(saved.status, 200, saved.json.message);
    assert.is(await (await kit.dav('GET', path)).text(), 'v4');
  });

  test(`${m}: a Depth infinity lock on a folder refuses API writes inside it and the folder's removal`, async () => {
    assert.is((await kit.dav('MKCOL', `/${m}/lk`)).status, 201);
    assert.is(await put(`/${m}/lk/in.txt`, 'in'), 201);
    const token = await lock(`/${m}/lk`);
    assertLocked(await apiUpload(`/${m}/lk`, 'new.txt', 'n'), `/${m}/lk`);
    assertLocked(await kit.api('POST', '/admin/fs/mkdir', { path: `/${m}/lk/sub` }), `/${m}/lk`);
    // Refused before any parent folder is made.
    assertLocked(
      await kit.api('POST', '/admin/fs/mkdir', { path: `/${m}/lk/deep/er`, create_parents: true }),
      `/${m}/lk`,
    );
    assert.is((await kit.dav('PROPFIND', `/${m}/lk/deep`, { headers: { depth: '0' } })).status, 404);
    assertLocked(
      await kit.api('DELETE', `/admin/fs/remove?path=${encodeURIComponent(`/${m}/lk`)}`),
      `/${m}/lk`,
    );
    assertLocked(
      await kit.api('POST', '/admin/fs/rename', { oldPath: `/${m}/lk/in.txt`, newPath: `/${m}/out.txt` }),
      `/${m}/lk`,
    );
    // A lock on a file below a folder stops the folder's removal through the API too.
    assert.is((await kit.dav('UNLOCK', `/${m}/lk`, { headers: { 'lock-token': `<${token}>` } })).status, 204);
    const fileToken = await lock(`/${m}/lk/in.txt`, '0');
    assertLocked(
      await kit.api('DELETE', `/admin/fs/remove?path=${encodeURIComponent(`/${m}/lk`)}`),
      `/${m}/lk/in.txt`,
    );
    // WebDAV DELETE with the token goes through, and the lock goes with the resource.
    const del = await kit.dav('DELETE', `/${m}/lk`, {
      headers: { if: `</dav/${m}/lk/in.txt> (<${fileToken}>)` },
    });
    assert.is(del.status, 204);
    assert.is(await put(`/${m}/lk2.txt`, 'free'), 201);
    assert.is((await kit.api('POST', '/admin/fs/mkdir', { path: `/${m}/lk` })).status, 201);
    assert.is(await apiUpload(`/${m}/lk`, 'in.txt', 'after').then((r) => r.status), 201);
  });
}

test.run();
