// @clip-databases sqlite postgres
/**
 * Group commit of paste reads and creates (ADR 0025): calls made in one event-loop turn share one
 * transaction (SQLite) or statement (Postgres). The calls below are made in-process in one turn, so
 * they are counted as one group; every read still counts exactly one view or none.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../../clock.ts';
import { openDatabase } from '../../db/connect.ts';
import type { AppError } from '../../http/appError.ts';
import { type Actor, ANONYMOUS } from '../../services/actor.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { createShareAccessTokens } from '../core/shareAccessTokens.ts';
import { createPasteService, type PasteService } from './pasteService.ts';

// Noon UTC today: the tally is per day and one test moves the clock an hour ahead.
const noon = new Date();
noon.setUTCHours(12, 0, 0, 0);
const clock = offsetClock(noon.getTime());
let server: TestServer;
let pastes: PasteService;
let admin: Actor;
/** A reader without credentials, as the public routes see one. */
const reader = { ip: '192.0.2.1', userAgent: null, actor: ANONYMOUS };
test.before(async () => {
  server = await startTestServer({}, { clock });
  pastes = server.app.services.pastes;
  const row = await server.app.services.db.knex('admins').first();
  admin = { kind: 'admin', id: row.id, username: row.username };
});
test.after(async () => server?.close());

const knex = () => server.app.services.db.knex;
const today = () => new Date(clock.now()).toISOString().slice(0, 10);
const tally = async () =>
  Number((await knex()('share_views_daily').where({ day: today(), kind: 'text' }).first())?.count ?? 0);
/** The dashboard's count of text shares created today (daily_creations: the sum of the day's shards). */
const createdToday = async () =>
  Number(
    (await knex()('daily_creations').where({ day: today(), kind: 'text' }).sum({ n: 'count' }).first())?.n ??
      0,
  );
const viewsOf = async (id: string) => Number((await knex()('pastes').where({ id }).first()).views);

/** Each read's outcome: its view number, or the HTTP status it was refused with. */
const reads = (slugs: string[]) =>
  Promise.all(
    slugs.map((slug) =>
      pastes.view(slug, reader).then(
        (v) => ('views' in v ? { slug, views: v.views } : { slug, locked: true }),
        (err: AppError) => ({ slug, status: err.status }),
      ),
    ),
  );

test('40 reads in one turn of a share with max_views 7: exactly 7 served, numbered 1 to 7; the tally grows by 7', async () => {
  const { id, slug } = await pastes.create(admin, { content: 'seven', max_views: 7 });
  const before = await tally();
  const answers = await reads(Array.from({ length: 40 }, () => slug));
  const served = answers.filter((a) => 'views' in a).map((a) => (a as { views: number }).views);
  assert.equal(
    served.sort((a, b) => a - b),
    [1, 2, 3, 4, 5, 6, 7],
  );
  assert.ok(answers.every((a) => 'views' in a || (a as { status: number }).status === 410));
  assert.is(await viewsOf(id), 7);
  assert.is(await tally(), before + 7);
  // The next read, alone in its turn, is refused too.
  assert.equal(await reads([slug]), [{ slug, status: 410 }]);
});

test('one turn mixing shares: each counted on its own; unknown, expired and protected shares count nothing', async () => {
  const open = await pastes.create(admin, { content: 'open' });
  const three = await pastes.create(admin, { content: 'three', max_views: 3 });
  const expiring = await pastes.create(admin, { content: 'soon gone', expires_in: 0.5 });
  const locked = await pastes.create(admin, { content: 'locked', password: 'pw' });
  clock.advance(31 * 60_000);
  const before = await tally();
  const slugs: string[] = [];
  for (let i = 0; i < 6; i++) slugs.push(open.slug, three.slug, expiring.slug, locked.slug, 'no-such-share');
  const answers = await reads(slugs);
  const of = (slug: string) => answers.filter((a) => a.slug === slug);
  assert.equal(
    of(open.slug).map((a) => (a as { views: number }).views),
    [1, 2, 3, 4, 5, 6],
  );
  assert.is(of(three.slug).filter((a) => 'views' in a).length, 3);
  assert.ok(of(expiring.slug).every((a) => (a as { status: number }).status === 410));
  assert.ok(of(locked.slug).every((a) => 'locked' in a));
  assert.ok(of('no-such-share').every((a) => (a as { status: number }).status === 404));
  assert.equal(
    [await viewsOf(open.id), await viewsOf(three.id), await viewsOf(expiring.id), await viewsOf(locked.id)],
    [6, 3, 0, 0],
  );
  assert.is(await tally(), before + 9);
});

test('a share without a limit read by many in each of two turns: numbered on from its stored count', async () => {
  const open = await pastes.create(admin, { content: 'passed around' });
  const before = await tally();
  const first = await reads(Array.from({ length: 5 }, () => open.slug));
  const second = await reads(Array.from({ length: 3 }, () => open.slug));
  assert.equal(
    [...first, ...second].map((a) => (a as { views: number }).views),
    [1, 2, 3, 4, 5, 6, 7, 8],
  );
  assert.is(await viewsOf(open.id), 8);
  assert.is(await tally(), before + 8);
});

test('creates in one turn: random slugs all stored; one custom slug asked for 10 times is given once (409 for the rest); the creations tally counts what was stored', async () => {
  const createdBefore = await createdToday();
  const made = await Promise.all(
    Array.from({ length: 20 }, (_, i) => pastes.create(admin, { content: `r${i}` })),
  );
  assert.is(new Set(made.map((p) => p.slug)).size, 20);
  const stored = await knex()('pastes')
    .whereIn(
      'id',
      made.map((p) => p.id),
    )
    .select('id', 'content');
  assert.is(stored.length, 20);

  const same = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      pastes.create(admin, { content: `c${i}`, slug: 'one-custom-slug' }).then(
        () => 201,
        (err: AppError) => err.status,
      ),
    ),
  );
  assert.equal(
    same.sort((a, b) => a - b),
    [201, 409, 409, 409, 409, 409, 409, 409, 409, 409],
  );
  assert.is((await knex()('pastes').where({ slug: 'one-custom-slug' })).length, 1);
  assert.is(await createdToday(), createdBefore + 20 + 1, 'refused creates are not counted');
});

test('a row the database refuses fails only its own create, not the others of its turn', async () => {
  // Postgres refuses a title over its column's 200 characters (the route's schema stops it earlier);
  // SQLite does not check the length, so there all three are stored.
  const titles = ['fine', 'x'.repeat(300), 'also fine'];
  const createdBefore = await createdToday();
  const outcomes = await Promise.all(
    titles.map((title) =>
      pastes.create(admin, { content: 'c', title }).then(
        (p) => p.id,
        () => null,
      ),
    ),
  );
  assert.ok(outcomes[0] !== null && outcomes[2] !== null);
  assert.is(outcomes[1] === null, server.databaseUrl !== null);
  const ids = outcomes.filter((id): id is string => id !== null);
  assert.is((await knex()('pastes').whereIn('id', ids)).length, ids.length);
  assert.is(await createdToday(), createdBefore + ids.length, 'the tally counts the stored rows only');
});

test('two processes on one database, 30 reads each in one turn, max_views 10: exactly 10 served in all', async () => {
  // A second "process": its own connection (SQLite) or pools (Postgres) and its own paste service.
  const other = await openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  try {
    const otherPastes = createPasteService({
      knex: other.knex,
      hot: other.hot,
      sqliteHot: other.sqliteHot,
      // Only reads without a password run here.
      passwords: {} as PasswordChecks,
      tokens: createShareAccessTokens('another process', 'text'),
      accessLog: server.app.services.accessRecorder,
      maxTextBytes: 1024,
      origin: () => server.url,
      clock,
    });
    const { id, slug } = await pastes.create(admin, { content: 'ten', max_views: 10 });
    const before = await tally();
    const attempt = (service: PasteService) =>
      service.view(slug, reader).then(
        () => 200,
        (err: AppError) => err.status,
      );
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, () => attempt(pastes)),
      ...Array.from({ length: 30 }, () => attempt(otherPastes)),
    ]);
    assert.is(answers.filter((s) => s === 200).length, 10);
    assert.is(answers.filter((s) => s === 410).length, 50);
    assert.is(await viewsOf(id), 10);
    assert.is(await tally(), before + 10);
  } finally {
    await other.close();
  }
});

test.run();
