// @clip-databases sqlite postgres
import { DEFAULT_MESSAGES } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../../testing/testServer.ts';
import { call, rejects } from '../testing/pasteTestKit.ts';

let server: TestServer;
let bearer: string;
test.before(async () => {
  server = await startTestServer();
  bearer = `Bearer ${await server.adminToken()}`;
});
test.after(async () => server?.close());

test('anonymous create is 401 with the spec message', async () => {
  const res = await call(server, 'POST', '/paste', { body: { content: 'hello' } });
  assert.is(res.status, 401);
  assert.is(res.body.message, DEFAULT_MESSAGES.permissionRequired);
  assert.is(res.body.message, 'permission required, please log in or configure API key');
});

test('a key without text permission is 403; with it, the share records the key as creator', async () => {
  const fileOnly = await server.keyClient({ file: true });
  const err = await rejects(fileOnly.client.pastes.create({ content: 'x' }));
  assert.is(err.status, 403);

  const writer = await server.keyClient({ text: true });
  const created = await writer.client.pastes.create({ content: 'from a key' });
  const admin = await server.adminClient();
  const record = await admin.pastes.getById(created.id);
  assert.is(record.created_by, `apikey:${writer.id}`);
});

test('admin create answers 201 with links, a random slug and the stored fields', async () => {
  const before = Date.now();
  const res = await call<Record<string, unknown>>(server, 'POST', '/paste', {
    auth: bearer,
    body: { content: '# hi', title: 'T', remark: 'R', expires_in: 0.5, max_views: 3, format: 'markdown' },
  });
  assert.is(res.status, 201);
  const d = res.body.data;
  assert.match(String(d.slug), /^[A-Za-z0-9]{6}$/);
  assert.is(d.url, `${server.url}/paste/${d.slug}`);
  assert.is(d.raw_url, `${server.url}/api/raw/${d.slug}`);
  assert.is(d.max_views, 3);
  const expires = Date.parse(String(d.expires_at));
  // Fractional hours: half an hour from now.
  assert.ok(expires >= before + 1_800_000 - 50 && expires <= Date.now() + 1_800_000 + 50);
  assert.equal(Object.keys(d).sort(), [
    'created_at',
    'expires_at',
    'id',
    'max_views',
    'raw_url',
    'slug',
    'url',
  ]);

  const view = await server.client().pastes.get(String(d.slug));
  assert.equal(
    { ...view, created_at: undefined, expires_at: undefined },
    {
      slug: d.slug,
      title: 'T',
      content: '# hi',
      remark: 'R',
      format: 'markdown',
      created_at: undefined,
      expires_at: undefined,
      max_views: 3,
      views: 1,
      has_password: false,
      encrypted: false,
    },
  );
});

test('no expiry and no view limit by default; format defaults to text', async () => {
  const admin = await server.adminClient();
  const created = await admin.pastes.create({ content: 'plain', expires_in: 0 });
  assert.is(created.expires_at, null);
  assert.is(created.max_views, 0);
  const view = await admin.pastes.get(created.slug);
  assert.ok('format' in view && view.format === 'text');
});

test('a custom slug is kept; reserved words and bad characters are 400 naming the field', async () => {
  const admin = await server.adminClient();
  const created = await admin.pastes.create({ content: 'mine', slug: 'my_Note-1' });
  assert.is(created.slug, 'my_Note-1');

  for (const slug of ['api', 'Admin', 'RAW', 'paste']) {
    const res = await call(server, 'POST', '/paste', { auth: bearer, body: { content: 'x', slug } });
    assert.is(res.status, 400, slug);
    assert.match(res.body.message, /body\.slug/);
    assert.match(res.body.message, /reserved/);
  }
  for (const slug of ['a b', 'a/b', 'über', 'x.y', '', 'a'.repeat(51)]) {
    const res = await call(server, 'POST', '/paste', { auth: bearer, body: { content: 'x', slug } });
    assert.is(res.status, 400, JSON.stringify(slug));
    assert.match(res.body.message, /body\.slug/);
  }
  const longest = await admin.pastes.create({ content: 'x', slug: 'b'.repeat(50) });
  assert.is(longest.slug.length, 50);
});

test('content must not be empty or blank or hold NUL; max_views must be a whole number >= 0', async () => {
  const cases: [unknown, RegExp][] = [
    [{ content: '' }, /body\.content/],
    [{ content: '  \n\t ' }, /body\.content/],
    [{ content: 'a\0b' }, /body\.content/],
    [{}, /body\.content is required/],
    [{ content: 'x', max_views: -1 }, /body\.max_views/],
    [{ content: 'x', max_views: 1.5 }, /body\.max_views/],
    [{ content: 'x', expires_in: -1 }, /body\.expires_in/],
    [{ content: 'x', format: 'html' }, /body\.format/],
    [{ content: 'x', extra: 1 }, /body\.extra/],
  ];
  for (const [body, message] of cases) {
    const res = await call(server, 'POST', '/paste', { auth: bearer, body });
    assert.is(res.status, 400, JSON.stringify(body));
    assert.match(res.body.message, message);
  }
});

test('20 concurrent creates of one custom slug: one 201, nineteen 409 SLUG_TAKEN', async () => {
  const writer = await server.keyClient({ text: true });
  const auth = `ApiKey ${writer.key}`;
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      call(server, 'POST', '/paste', { auth, body: { content: `racer ${i}`, slug: 'contested' } }),
    ),
  );
  const statuses = answers.map((a) => a.status).sort();
  assert.equal(statuses, [201, ...Array(19).fill(409)]);
  for (const a of answers.filter((x) => x.status === 409)) {
    assert.is(a.body.error, 'SLUG_TAKEN');
    assert.is(a.body.message, 'link suffix already taken, try another');
  }
  // The winner's content is what the slug serves.
  const winner = answers.findIndex((a) => a.status === 201);
  const view = await server.client().pastes.get('contested');
  assert.ok('content' in view && view.content === `racer ${winner}`);
});

test('content beyond maxTextBytes is 413, measured in UTF-8 bytes (create and update)', async () => {
  const small = await startTestServer({ maxTextBytes: 16 });
  try {
    const admin = await small.adminClient();
    // 5 x '€' = 15 bytes fits; 6 x '€' = 18 bytes (6 characters) does not.
    const ok = await admin.pastes.create({ content: '€'.repeat(5) });
    const err = await rejects(admin.pastes.create({ content: '€'.repeat(6) }));
    assert.is(err.status, 413);
    assert.is(err.code, 'PAYLOAD_TOO_LARGE');
    assert.is((await rejects(admin.pastes.create({ content: 'x'.repeat(17) }))).status, 413);
    assert.is((await admin.pastes.create({ content: 'x'.repeat(16) })).slug.length, 6);
    const upd = await rejects(admin.pastes.update(ok.id, { content: '😀'.repeat(5) }));
    assert.is(upd.status, 413);
    // A body far past the limit is refused by the body parser with the same code.
    const huge = await rejects(admin.pastes.create({ content: 'y'.repeat(200_000) }));
    assert.is(huge.status, 413);
  } finally {
    await small.close();
  }
});

test.run();
