// @clip-databases sqlite postgres
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../../clock.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { asView, fileRows, objectExists, rejects } from './testing/fileTestKit.ts';

let server: TestServer;
// Expiry is judged by the server's clock: the test moves it forward instead of waiting.
const clock = offsetClock();
test.before(async () => {
  server = await startTestServer({ loginMaxFailures: 4 }, { clock });
});
test.after(async () => server?.close());

const text = (s: string) => new Blob([s], { type: 'text/plain' });
const HOUR = 3600_000;

test('a protected share gives no links until its password is verified', async () => {
  const admin = await server.adminClient();
  const { slug, id } = await admin.files.upload(
    text('secret'),
    { password: 'open sesame' },
    { filename: 's.txt' },
  );
  const anon = server.client();
  assert.equal(await anon.files.getPublic(slug), { slug, requires_password: true });
  const wrong = await rejects(anon.files.verify(slug, 'nope'));
  assert.equal([wrong.status, wrong.code, wrong.message], [401, 'WRONG_PASSWORD', 'wrong password']);
  const view = asView(await anon.files.verify(slug, 'open sesame'));
  assert.equal([view.views, view.has_password], [1, true]);
  assert.is(await (await fetch(view.download_url)).text(), 'secret');
  // Clearing the password opens it.
  await admin.files.update(id, { password: null });
  assert.is(asView(await anon.files.getPublic(slug)).views, 2);
});

test('max_views: exactly N of many simultaneous views succeed; their links keep working', async () => {
  const admin = await server.adminClient();
  const { slug, id } = await admin.files.upload(text('limited'), { max_views: 3 }, { filename: 'l.txt' });
  const record = await admin.files.getById(id);
  // HEAD checks without using a view.
  assert.is((await fetch(`${server.url}/api/public/files/${slug}`, { method: 'HEAD' })).status, 200);
  const results = await Promise.allSettled(
    Array.from({ length: 12 }, () => server.client().files.getPublic(slug)),
  );
  const ok = results.filter((r) => r.status === 'fulfilled');
  assert.is(ok.length, 3);
  for (const r of results) if (r.status === 'rejected') assert.is(r.reason.status, 410);
  const views = ok.map((r) => asView((r as PromiseFulfilledResult<unknown>).value).views).sort();
  assert.equal(views, [1, 2, 3]);
  // The last view's links still serve the file: it was a counted view.
  const link = asView((ok[0] as PromiseFulfilledResult<unknown>).value).download_url;
  assert.is(await (await fetch(link)).text(), 'limited');
  // The sweep keeps a used-up share while its links live, then removes object and record.
  assert.is((await server.app.services.sweepFiles()).deleted, 0);
  assert.ok(await objectExists(server, record.s3_config_id, record.storage_path));
  await server.app.services.sweepFiles(clock.now() + 2 * HOUR);
  assert.not.ok(await objectExists(server, record.s3_config_id, record.storage_path));
  assert.is((await rejects(server.client().files.getPublic(slug))).status, 404);
  assert.is((await fetch(`${server.url}/api/public/files/${slug}`, { method: 'HEAD' })).status, 404);
});

test('expiry: an expired share answers 410, its links stop, the sweep removes object then record', async () => {
  const admin = await server.adminClient();
  const { slug, id, expires_at } = await admin.files.upload(
    text('brief'),
    { expires_in: 0.5 },
    { filename: 'e.txt' },
  );
  const record = await admin.files.getById(id);
  assert.is(Date.parse(expires_at ?? '') - Date.parse(record.created_at), 0.5 * HOUR);
  const link = asView(await server.client().files.getPublic(slug)).download_url;
  clock.advance(29 * 60_000);
  assert.is((await fetch(link)).status, 200, 'the link serves a minute before the expiry');
  // Past the expiry, yet well inside the link's own hour: the share's expiry is what stops it.
  clock.advance(2 * 60_000);
  assert.is((await rejects(server.client().files.getPublic(slug))).status, 410);
  assert.is((await fetch(link)).status, 410);
  await server.app.services.sweepFiles();
  assert.not.ok(await objectExists(server, record.s3_config_id, record.storage_path));
  assert.is((await rejects(server.client().files.getPublic(slug))).status, 404);
});

test('custom slugs follow the text share rules: pattern, reserved words, 409 when taken', async () => {
  const admin = await server.adminClient();
  await admin.files.upload(text('a'), { slug: 'my-file_1' }, { filename: 'a.txt' });
  const taken = await rejects(admin.files.upload(text('b'), { slug: 'my-file_1' }, { filename: 'b.txt' }));
  assert.equal([taken.status, taken.code], [409, 'SLUG_TAKEN']);
  assert.is(
    (await rejects(admin.files.upload(text('c'), { slug: 'bad slug!' }, { filename: 'c.txt' }))).status,
    400,
  );
  assert.match(
    (await rejects(admin.files.upload(text('d'), { slug: 'admin' }, { filename: 'd.txt' }))).message,
    /reserved/,
  );
  const other = await admin.files.upload(text('e'), {}, { filename: 'e.txt' });
  assert.match(other.slug, /^[A-Za-z0-9]{6}$/);
  assert.is((await rejects(admin.files.update(other.id, { slug: 'my-file_1' }))).status, 409);
  // Refused uploads leave no record and no pending row behind.
  assert.ok((await fileRows(server)).every((r) => r.status === 'ready'));
});

test('management: paging, search, sort and batch delete with failures reported', async () => {
  const { client: key } = await server.keyClient({ file: true });
  const ids: string[] = [];
  for (const [name, size] of [
    ['alpha.txt', 3],
    ['beta.txt', 1],
    ['gamma.log', 2],
  ] as const)
    ids.push(
      (await key.files.upload(text('x'.repeat(size)), { remark: `remark ${name}` }, { filename: name })).id,
    );
  const all = await key.files.list();
  assert.equal([all.total, all.limit, all.offset], [3, 50, 0]);
  assert.equal(
    (await key.files.list({ sort: 'size', order: 'asc' })).items.map((f) => f.filename),
    ['beta.txt', 'gamma.log', 'alpha.txt'],
  );
  assert.equal(
    (await key.files.list({ search: 'GAMMA' })).items.map((f) => f.filename),
    ['gamma.log'],
  );
  assert.equal((await key.files.list({ search: 'remark beta' })).total, 1);
  const page = await key.files.list({ limit: 1, offset: 1, sort: 'created_at', order: 'asc' });
  assert.equal([page.items.length, page.items[0].filename, page.total], [1, 'beta.txt', 3]);
  const result = await key.files.batchDelete([ids[0], ids[1], 'no-such-id']);
  assert.is(result.deleted, 2);
  assert.equal(
    result.failed.map((f) => f.id),
    ['no-such-id'],
  );
  assert.is((await key.files.list()).total, 1);
});

test('password checks are rate limited per client (429 with Retry-After)', async () => {
  const admin = await server.adminClient();
  const { slug } = await admin.files.upload(text('x'), { password: 'right-one' }, { filename: 'p.txt' });
  let limited = false;
  for (let i = 0; i < 8 && !limited; i++) {
    const res = await fetch(`${server.url}/api/public/files/${slug}/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'wrong' }),
    });
    if (res.status === 429) {
      limited = true;
      assert.ok(Number(res.headers.get('retry-after')) > 0);
    } else assert.is(res.status, 401);
  }
  assert.ok(limited);
});

test.run();
