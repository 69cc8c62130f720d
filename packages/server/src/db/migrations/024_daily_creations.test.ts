// @clip-databases sqlite postgres
/**
 * Migration 024 fills the creations tally from the shares that exist: text shares by the UTC day they
 * were created, file shares once ready (a pending upload is not a share yet). Down drops the tally.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { type Migration, migrations } from './index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 2023-11-14 22:13:20 UTC: a share two hours later is on the next UTC day.
const T = 1_700_000_000_000;
let database: TestDatabase;
let dir: string;
let knex: Knex;

const upTo = (name: string): Knex.MigrationSource<Migration> => ({
  getMigrations: async () => migrations.filter((m) => m.name < name),
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m,
});
// Through 024 only: a later migration would be the one `down` undoes.
const through024 = upTo('025');

test.before(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'clip-m024-'));
  knex = knexFactory(
    database.url
      ? { client: 'pg', connection: database.url }
      : { client: 'better-sqlite3', connection: { filename: join(dir, 'clip.db') }, useNullAsDefault: true },
  );
});
test.after(async () => {
  await knex?.destroy();
  await database?.release();
  await rm(dir, { recursive: true, force: true });
});

const paste = (id: string, at: number) => ({
  id,
  slug: id,
  content: 'x',
  created_by: 'admin1',
  created_at: at,
  updated_at: at,
});
const file = (id: string, at: number, status: string) => ({
  id,
  slug: id,
  filename: `${id}.bin`,
  mimetype: 'application/octet-stream',
  size: 1,
  storage_path: `${id}.bin`,
  s3_config_id: 'c1',
  created_by: 'admin1',
  status,
  created_at: at,
  updated_at: at,
});

test('the tally starts from the surviving shares, per UTC day and kind; down drops it', async () => {
  await knex.migrate.latest({ migrationSource: upTo('024') });
  await knex('storage_configs').insert({
    id: 'c1',
    name: 'local',
    provider_type: 'local',
    created_at: T,
    updated_at: T,
  });
  await knex('pastes').insert([
    paste('p1', T),
    paste('p2', T + 1000),
    paste('p3', T + 2 * HOUR),
    paste('p4', T - 2 * DAY),
  ]);
  await knex('file_shares').insert([
    file('f1', T, 'ready'),
    file('f2', T + 2 * HOUR, 'ready'),
    file('f3', T, 'pending'),
  ]);
  await knex.migrate.latest({ migrationSource: through024 });

  const rows = (await knex('daily_creations').select('day', 'kind', 'count').orderBy(['day', 'kind'])).map(
    (r: { day: string; kind: string; count: unknown }) => [r.day, r.kind, Number(r.count)],
  );
  assert.equal(rows, [
    ['2023-11-12', 'text', 1],
    ['2023-11-14', 'file', 1],
    ['2023-11-14', 'text', 2],
    ['2023-11-15', 'file', 1],
    ['2023-11-15', 'text', 1],
  ]);

  await knex.migrate.down({ migrationSource: through024 });
  assert.is(await knex.schema.hasTable('daily_creations'), false);
});

test.run();
