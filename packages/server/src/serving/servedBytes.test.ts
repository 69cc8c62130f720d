// @clip-databases sqlite postgres
/**
 * Every route that hands out stored bytes answers with the same safety headers, and none of them
 * serves HTML, SVG or XML as a live document on our origin (docs/guide/security.md, "Served bytes").
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../testing/testServer.ts';
import { type DavKit, startDavKit } from '../webdav/testing/davTestKit.ts';

let kit: DavKit;
test.before(async () => {
  kit = await startDavKit(startTestServer());
  await kit.mountLocalAndS3();
});
test.after(async () => kit?.close());

const ACTIVE = {
  'page.html': '<!doctype html><script>parent.pwned = localStorage.length</script><p>hi</p>',
  'pic.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  'feed.xml': '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
};
type Name = keyof typeof ACTIVE;
const NAMES = Object.keys(ACTIVE) as Name[];

/** A browser renders a response as a document able to run script when it is inline and of an active type. */
function isLive(res: Response): boolean {
  const disposition = res.headers.get('content-disposition') ?? '';
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim();
  return !disposition.startsWith('attachment') && /html|svg|xml|javascript/.test(type);
}

const SAFETY = ['x-content-type-options', 'content-security-policy', 'cross-origin-resource-policy'];
const safety = (res: Response) => Object.fromEntries(SAFETY.map((h) => [h, res.headers.get(h)]));

interface Route {
  name: string;
  fetch(file: Name): Promise<Response>;
}

async function routes(mount: '/local' | '/s3'): Promise<Route[]> {
  const token = await kit.server.adminToken();
  const admin = await kit.server.adminClient();
  for (const name of NAMES) {
    const put = await kit.dav('PUT', `${mount}/${name}`, { body: ACTIVE[name] });
    assert.ok(put.status === 201 || put.status === 204, `PUT ${name}: ${put.status}`);
  }
  const shares = {} as Record<Name, { download_url: string; preview_url: string }>;
  for (const name of NAMES) {
    const created = await admin.files.upload(new Blob([ACTIVE[name]]), {}, { filename: name });
    shares[name] = (await kit.server.client().files.getPublic(created.slug)) as never;
  }
  const pastes = {} as Record<Name, string>;
  for (const name of NAMES) pastes[name] = (await admin.pastes.create({ content: ACTIVE[name] })).slug;
  const api = (path: string) =>
    fetch(`${kit.server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const { key } = await kit.server.keyClient({ mount: true, basic_path: mount });
  const asKey = (path: string) =>
    fetch(`${kit.server.url}/api${path}`, { headers: { authorization: `ApiKey ${key}` } });
  const signed = async (name: Name, link: 'download_url' | 'preview_url') => {
    const got = await api(`/admin/fs/get?path=${encodeURIComponent(`${mount}/${name}`)}`);
    const body = (await got.json()) as { data: Record<string, string> };
    return fetch(body.data[link]);
  };
  return [
    { name: 'WebDAV GET', fetch: (n) => kit.dav('GET', `${mount}/${n}`) },
    { name: 'WebDAV HEAD', fetch: (n) => kit.dav('HEAD', `${mount}/${n}`) },
    {
      name: 'fs download',
      fetch: (n) => api(`/admin/fs/download?path=${encodeURIComponent(`${mount}/${n}`)}`),
    },
    {
      name: 'fs preview',
      fetch: (n) => api(`/admin/fs/preview?path=${encodeURIComponent(`${mount}/${n}`)}`),
    },
    {
      name: 'fs download by a key',
      fetch: (n) => asKey(`/user/fs/download?path=${encodeURIComponent(`${mount}/${n}`)}`),
    },
    {
      name: 'fs preview by a key',
      fetch: (n) => asKey(`/user/fs/preview?path=${encodeURIComponent(`${mount}/${n}`)}`),
    },
    { name: 'fs signed download', fetch: (n) => signed(n, 'download_url') },
    { name: 'fs signed preview', fetch: (n) => signed(n, 'preview_url') },
    { name: 'share download', fetch: (n) => fetch(shares[n].download_url) },
    { name: 'share view', fetch: (n) => fetch(shares[n].preview_url) },
    {
      name: 'share download, ranged',
      fetch: (n) => fetch(shares[n].download_url, { headers: { range: 'bytes=0-3' } }),
    },
    { name: 'text share raw', fetch: (n) => fetch(`${kit.server.url}/api/raw/${pastes[n]}`) },
  ];
}

test('every route serving stored bytes: nosniff, the sandbox CSP, and active types never live', async () => {
  let first: Record<string, string | null> | null = null;
  for (const route of await routes('/local'))
    for (const name of NAMES) {
      const res = await route.fetch(name);
      const where = `${route.name} of ${name}`;
      assert.ok(res.status === 200 || res.status === 206, `${where}: ${res.status}`);
      await res.arrayBuffer();
      assert.not.ok(isLive(res), `${where} is live: ${res.headers.get('content-type')}`);
      assert.is(res.headers.get('x-content-type-options'), 'nosniff', where);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /^default-src 'none'[;]/, `${where}: ${csp}`);
      assert.ok(
        csp.split(';').some((d) => d.trim() === 'sandbox'),
        `${where}: ${csp}`,
      );
      first ??= safety(res);
      assert.equal(safety(res), first, `${where} differs from the other routes`);
    }
});

test('WebDAV GET of HTML and SVG on S3 is an attachment of its own type, whole and ranged', async () => {
  await routes('/s3');
  for (const name of ['page.html', 'pic.svg'] as const) {
    const full = await kit.dav('GET', `/s3/${name}`);
    assert.is(await full.text(), ACTIVE[name]);
    assert.match(
      full.headers.get('content-disposition') ?? '',
      new RegExp(`^attachment; filename="${name}"`),
    );
    assert.is(full.headers.get('x-content-type-options'), 'nosniff');
    const ranged = await kit.dav('GET', `/s3/${name}`, { headers: { range: 'bytes=1-4' } });
    assert.is(ranged.status, 206);
    assert.is(await ranged.text(), ACTIVE[name].slice(1, 5));
    assert.match(ranged.headers.get('content-disposition') ?? '', /^attachment/);
    assert.match(ranged.headers.get('content-security-policy') ?? '', /sandbox/);
    const etag = full.headers.get('etag') as string;
    const cached = await kit.dav('GET', `/s3/${name}`, { headers: { 'if-none-match': etag } });
    assert.is(cached.status, 304);
    assert.is(cached.headers.get('x-content-type-options'), 'nosniff');
  }
});

test.run();
