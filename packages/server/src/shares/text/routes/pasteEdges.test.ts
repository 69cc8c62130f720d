// @clip-databases sqlite postgres
import type { ClipClient } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../../testing/testServer.ts';
import { call } from '../testing/pasteTestKit.ts';

let server: TestServer;
let admin: ClipClient;
let bearer: string;
test.before(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  bearer = `Bearer ${await server.adminToken()}`;
});
test.after(async () => server?.close());

const head = (path: string) => fetch(`${server.url}/api${path}`, { method: 'HEAD' });

test('HEAD tells the status of a read but never counts a view', async () => {
  const { slug, id } = await admin.pastes.create({ content: 'only once', max_views: 1 });
  for (let i = 0; i < 3; i++) {
    assert.is((await head(`/paste/${slug}`)).status, 200);
    const raw = await head(`/raw/${slug}`);
    assert.is(raw.status, 200);
    assert.is(raw.headers.get('content-type'), 'text/plain; charset=utf-8');
  }
  assert.is((await admin.pastes.getById(id)).views, 0);
  assert.is(await server.client().pastes.raw(slug), 'only once');
  assert.is((await head(`/paste/${slug}`)).status, 410);
  assert.is((await head(`/raw/${slug}`)).status, 410);
  assert.is((await head('/raw/never-made')).status, 404);
});

test('HEAD on a protected raw share needs the right password', async () => {
  const { slug, id } = await admin.pastes.create({ content: 'pw', password: 'letmein' });
  assert.is((await head(`/paste/${slug}`)).status, 200);
  assert.is((await head(`/raw/${slug}`)).status, 401);
  assert.is((await head(`/raw/${slug}?password=wrong`)).status, 401);
  assert.is((await head(`/raw/${slug}?password=letmein`)).status, 200);
  assert.is((await admin.pastes.getById(id)).views, 0);
});

test('input the database cannot hold is refused or unknown, never a 500', async () => {
  const titled = await call(server, 'POST', '/paste', {
    auth: bearer,
    body: { content: 'x', title: 'a\0b' },
  });
  assert.equal([titled.status, /body\.title/.test(titled.body.message)], [400, true]);
  const remarked = await call(server, 'POST', '/paste', {
    auth: bearer,
    body: { content: 'x', remark: '\0' },
  });
  assert.equal([remarked.status, /body\.remark/.test(remarked.body.message)], [400, true]);
  const own = await admin.pastes.create({ content: 'nul target' });
  const put = await call(server, 'PUT', `/admin/pastes/${own.id}`, { auth: bearer, body: { title: '\0' } });
  assert.is(put.status, 400);

  // A NUL anywhere in the request is refused by the shared input guard (issue 9 item 4).
  assert.is((await call(server, 'GET', '/paste/a%00b')).status, 400);
  assert.is((await call(server, 'POST', '/paste/a%00b', { body: { password: 'x' } })).status, 400);
  assert.is((await fetch(`${server.url}/api/raw/${'x'.repeat(300)}`)).status, 404);
  assert.is((await call(server, 'GET', '/admin/pastes/a%00b', { auth: bearer })).status, 400);
  assert.is((await call(server, 'DELETE', '/admin/pastes/a%00b', { auth: bearer })).status, 400);
  assert.is((await call(server, 'GET', '/admin/pastes?search=a%00b', { auth: bearer })).status, 400);
  const batch = await call(server, 'POST', '/admin/pastes/batch-delete', {
    auth: bearer,
    body: { ids: ['a\0b', own.id] },
  });
  assert.equal([batch.status, batch.body.message], [400, 'body.ids[0] contains a NUL byte']);
  assert.is((await admin.pastes.getById(own.id)).id, own.id);
});

test('an empty title or remark stores nothing; the link fields follow the public URL', async () => {
  const created = await admin.pastes.create({ content: 'x', title: '', remark: '' });
  const record = await admin.pastes.getById(created.id);
  assert.equal([record.title, record.remark], [null, null]);
  const behindProxy = await startTestServer({ publicUrl: 'https://clip.example.org' });
  try {
    const made = await (await behindProxy.adminClient()).pastes.create({ content: 'y', slug: 'proxied' });
    assert.equal(
      [made.url, made.raw_url],
      ['https://clip.example.org/paste/proxied', 'https://clip.example.org/api/raw/proxied'],
    );
  } finally {
    await behindProxy.close();
  }
});

test.run();
