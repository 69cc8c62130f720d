// @clip-databases sqlite postgres
import type { ClipClient } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { manualClock } from '../../clock.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { until } from '../../testing/until.ts';

let server: TestServer;
let admin: ClipClient;
test.before(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
});
test.after(async () => server?.close());

const status = async (s: TestServer, slug: string) => (await fetch(`${s.url}/api/paste/${slug}`)).status;
const ids = async () =>
  (await server.app.services.db.knex('pastes').orderBy('slug').pluck('slug')) as string[];

test('the sweep removes expired and used-up shares and nothing else', async () => {
  const knex = server.app.services.db.knex;
  const anon = server.client();
  const make = (slug: string, extra: Record<string, unknown> = {}) =>
    admin.pastes.create({ content: `content of ${slug}`, slug, ...extra });

  const expired = await make('s-expired', { expires_in: 1 });
  await knex('pastes')
    .where({ id: expired.id })
    .update({ expires_at: Date.now() - 1 });
  const expiredProtected = await make('s-expired-pw', { expires_in: 1, password: 'pw' });
  await knex('pastes')
    .where({ id: expiredProtected.id })
    .update({ expires_at: Date.now() - 60_000 });
  await make('s-used-up', { max_views: 2 });
  await anon.pastes.get('s-used-up');
  await anon.pastes.raw('s-used-up');

  await make('s-live-future', { expires_in: 0.5 });
  await make('s-one-left', { max_views: 3 });
  await anon.pastes.get('s-one-left');
  await anon.pastes.get('s-one-left');
  await make('s-unlimited');
  for (let i = 0; i < 5; i++) await anon.pastes.get('s-unlimited');
  await make('s-protected', { password: 'pw', max_views: 1 });

  assert.is(await status(server, 's-expired'), 410);
  assert.is(await status(server, 's-used-up'), 410);

  assert.equal(await server.app.services.sweepPastes(), { deleted: 3 });
  assert.equal(await ids(), ['s-live-future', 's-one-left', 's-protected', 's-unlimited']);
  // Once swept, a gone share is simply unknown.
  assert.is(await status(server, 's-expired'), 404);
  assert.is(await status(server, 's-used-up'), 404);
  assert.equal(await server.app.services.sweepPastes(), { deleted: 0 });
  // The last allowed view still serves; after it, the share is used up and the next sweep takes it.
  assert.is(await status(server, 's-one-left'), 200);
  assert.equal(await server.app.services.sweepPastes(), { deleted: 1 });
});

test('concurrent sweeps (as from several instances) delete each share once and do not fail', async () => {
  const knex = server.app.services.db.knex;
  const made = await Promise.all(
    Array.from({ length: 10 }, (_, i) => admin.pastes.create({ content: `old ${i}`, expires_in: 1 })),
  );
  await knex('pastes')
    .whereIn(
      'id',
      made.map((m) => m.id),
    )
    .update({ expires_at: Date.now() - 1 });
  const results = await Promise.all(Array.from({ length: 4 }, () => server.app.services.sweepPastes()));
  assert.is(
    results.reduce((n, r) => n + r.deleted, 0),
    10,
  );
  assert.is((await admin.pastes.list({ search: 'old ' })).total, 0);
});

test('the scheduler sweeps periodically when sweepIntervalMs > 0', async () => {
  // A manual clock: the scheduler's timers fire when the test moves time, not after a real wait.
  const clock = manualClock();
  const periodic = await startTestServer({ sweepIntervalMs: 60_000 }, { clock });
  try {
    const a = await periodic.adminClient();
    const { slug } = await a.pastes.create({ content: 'read once', max_views: 1 });
    const keep = await a.pastes.create({ content: 'keep me' });
    await periodic.client().pastes.get(slug);
    const swept = () => periodic.app.services.db.knex('pastes').where({ slug }).first();
    // A sweep starts only from a timer falling due: none did, so none can be under way.
    const waiting = clock.pending();
    clock.advance(59_999);
    assert.is(clock.pending(), waiting, 'no timer fell due before the interval');
    assert.ok(await swept(), 'no sweep before its interval');
    clock.advance(1);
    // The sweep runs now, in the background: wait for its outcome, not for a duration.
    await until(async () => !(await swept()), 'the sweep to remove the used-up paste');
    assert.is(await status(periodic, slug), 404);
    assert.is(await status(periodic, keep.slug), 200);
  } finally {
    await periodic.close();
  }
});

test.run();
