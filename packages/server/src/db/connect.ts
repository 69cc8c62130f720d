/** Opens the database: SQLite (better-sqlite3, WAL) in the data dir by default, Postgres with DATABASE_URL. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import knexFactory, { type Knex } from 'knex';
import { createHotPool } from './hotPool.ts';
import {
  type HotStatements,
  hotStatement,
  postgresHotStatements,
  type SqliteHotStatements,
  sqliteHotStatements,
} from './hotStatements.ts';
import { migrationSource } from './migrations/index.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  knex: Knex;
  dialect: Dialect;
  /** The per-request statements, prepared once (hotStatements.ts). */
  hot: HotStatements;
  /** The same on SQLite, with multi-statement units; null on Postgres. */
  sqliteHot: SqliteHotStatements | null;
  close(): Promise<void>;
}

const CONNECTION_PROBE = hotStatement('connection_probe', 'SELECT 1');

/**
 * SQLite checkpoints the WAL into the database file once it holds this many pages (SQLite's default:
 * 1000), on the connection whose commit crossed it: the event loop's thread. With `synchronous =
 * NORMAL` a checkpoint is where SQLite calls fsync (the WAL, then the database file), and under a
 * create load the default paid that every ~0.1 s; at 4000 pages (a 16 MiB WAL) a create costs 15-25%
 * less, reads gain as much, and a checkpoint's stall is longer (create p99 17 -> 27 ms). ADR 0037.
 */
export const WAL_CHECKPOINT_PAGES = 4000;

/**
 * SQLite's page cache per connection, KiB (SQLite's own default; better-sqlite3 builds with 16000). The
 * cache's pages are malloc'd and stay resident once a load has filled them: 16 MiB of the RSS after the
 * request loads. The OS page cache still holds the file, so a miss costs a read(), not a disk access
 * (ADR 0086).
 */
export const SQLITE_CACHE_KIB = 2000;

export async function openDatabase(options: {
  dataDir: string;
  databaseUrl: string | null;
}): Promise<Database> {
  let knex: Knex;
  let dialect: Dialect;
  let hot: HotStatements;
  let sqliteHot: SqliteHotStatements | null = null;
  if (options.databaseUrl) {
    // Only a Postgres install loads the Postgres driver.
    const { default: pg } = await import('pg');
    // Epoch-millisecond columns are bigint; they fit a JS number exactly.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    knex = knexFactory({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 10 } });
    hot = postgresHotStatements(createHotPool(pg.Pool, options.databaseUrl));
    dialect = 'postgres';
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    const sqlite = sqliteHotStatements(() => knex);
    knex = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: join(options.dataDir, 'clip.db') },
      useNullAsDefault: true,
      pool: {
        // One connection: hotStatements.ts relies on it (and SQLite has one writer anyway).
        min: 1,
        max: 1,
        afterCreate(conn: BetterSqlite3.Database, done: (err: Error | null, conn: unknown) => void) {
          conn.pragma('journal_mode = WAL');
          conn.pragma('synchronous = NORMAL');
          conn.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
          conn.pragma('busy_timeout = 5000');
          conn.pragma('foreign_keys = ON');
          conn.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
          sqlite.attach(conn);
          done(null, conn);
        },
      },
    });
    hot = sqliteHot = sqlite;
    dialect = 'sqlite';
  }
  const close = async () => {
    await hot.close();
    await knex.destroy();
  };
  try {
    await migrate(knex, options.databaseUrl);
    // The first request should not pay for opening the hot statements' first connection.
    await hot.rows(CONNECTION_PROBE, []);
  } catch (err) {
    await close();
    throw err;
  }
  return { knex, dialect, hot, sqliteHot, close };
}

/** Any fixed number: the Postgres advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 0x636c6970;

/**
 * Several instances may start at once on one database. On Postgres an advisory lock (held on its
 * own connection) makes the others wait; SQLite instances retry while knex's migration lock is held.
 */
async function migrate(knex: Knex, databaseUrl: string | null): Promise<void> {
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const lock = new pg.Client({ connectionString: databaseUrl });
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await knex.migrate.latest({ migrationSource });
    } finally {
      await lock.end();
    }
    return;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      await knex.migrate.latest({ migrationSource });
      return;
    } catch (err) {
      // Losing the race to create knex's own bookkeeping tables is also a reason to wait and retry.
      const busy = /already locked|already exists|SQLITE_BUSY|database is locked/i.test(
        String((err as Error)?.message),
      );
      if (!busy || attempt >= 120) throw err;
      // A failed repair (the database busy) waits for the next attempt like the migration does.
      if (/already locked/i.test(String((err as Error)?.message))) await keepOneLockRow(knex).catch(() => {});
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/**
 * knex inserts the row of its migration lock after seeing the lock table empty, so two processes making
 * the tables at once can each insert one; with two rows knex can never take the lock (its update must
 * touch exactly one), and every start fails with "Migration table is already locked". While there are
 * two rows nobody holds the lock, so the extra ones can go; with one row this does nothing.
 */
async function keepOneLockRow(knex: Knex): Promise<void> {
  await knex.raw(
    'DELETE FROM knex_migrations_lock WHERE "index" > (SELECT MIN("index") FROM knex_migrations_lock)',
  );
}

/** True when an error is a unique-constraint violation on either database (raw, or wrapped by objection). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; name?: string; nativeError?: unknown };
  if (e?.name === 'UniqueViolationError') return true;
  if (e?.nativeError) return isUniqueViolation(e.nativeError);
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** True when an error is a foreign-key violation on either database (a referenced row is missing or still used). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; name?: string; nativeError?: unknown };
  if (e?.name === 'ForeignKeyViolationError') return true;
  if (e?.nativeError) return isForeignKeyViolation(e.nativeError);
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
