// @clip-databases sqlite postgres
// Issue 9 item 10: a burst of parallel password guesses gets exactly the allowed number of checks;
// every other guess answers 429, for admin login and for share passwords alike.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../testing/testServer.ts';

const ALLOWED = 5;
const BURST = 30;
let server: TestServer;
let paste: { id: string; slug: string };
let file: { slug: string };
test.before(async () => {
  server = await startTestServer({ loginMaxFailures: ALLOWED });
  const admin = await server.adminClient();
  // Made before the login burst spends this client's budget (after it, the admin's token answers 429 too).
  paste = await admin.pastes.create({ content: 'secret text', password: 'right-one' });
  file = await admin.files.upload(new Blob(['secret file']), { password: 'right-one' });
});
test.after(async () => server?.close());

const post = (path: string, body: unknown) =>
  fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function burst(path: string, body: unknown): Promise<Record<number, number>> {
  const answers = await Promise.all(Array.from({ length: BURST }, () => post(path, body)));
  const counts: Record<number, number> = {};
  for (const res of answers) {
    counts[res.status] = (counts[res.status] ?? 0) + 1;
    await res.arrayBuffer();
  }
  return counts;
}

test(`${BURST} parallel wrong logins: ${ALLOWED} are checked (401), the rest answer 429`, async () => {
  assert.equal(await burst('/admin/login', { username: 'admin', password: 'wrong-guess' }), {
    401: ALLOWED,
    429: BURST - ALLOWED,
  });
  assert.is((await post('/admin/login', TEST_ADMIN)).status, 429, 'locked out, even with the right password');
});

test(`${BURST} parallel wrong share passwords: ${ALLOWED} are checked (401), the rest answer 429`, async () => {
  assert.equal(await burst(`/paste/${paste.slug}`, { password: 'wrong-guess' }), {
    401: ALLOWED,
    429: BURST - ALLOWED,
  });
  // The same client is locked out of every share's password, the file shares' too.
  assert.is((await post(`/public/files/${file.slug}/verify`, { password: 'right-one' })).status, 429);
  assert.is((await post(`/paste/${paste.slug}`, { password: 'right-one' })).status, 429);
  const views = await server.app.services.db.knex('pastes').where({ id: paste.id }).first('views');
  assert.is(Number(views.views), 0, 'no refused guess counted a view');
});

test.run();
