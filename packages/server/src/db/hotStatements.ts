/**
 * The few statements every request runs (credential lookups, the paste read that counts a view, the
 * paste insert, the health probe), prepared once through the drivers' own public APIs instead of being
 * built, compiled and thrown away by knex on each call:
 * - SQLite: `Database#prepare` on the connection knex's pool created (handed over by the pool's
 *   documented `afterCreate` hook); better-sqlite3 is synchronous, so a statement runs whole between
 *   two of knex's. While knex holds a transaction open on that connection (`inTransaction`), a hot
 *   statement goes through knex instead and waits its turn, so it never joins someone else's transaction.
 * - Postgres: a small pg pool of its own, running named prepared statements (`{ name, text, values }`),
 *   which each connection parses once and plans again only when the tables have outgrown its plans.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import type pg from 'pg';
import { type PlanFreshness, planFreshness, readTableSizes } from './planFreshness.ts';

export interface HotStatement {
  /** Unique per SQL text: the Postgres statement name and the SQLite cache key. */
  name: string;
  /** With `?` placeholders. */
  sqlite: string;
  /** With `$1, $2, ...` placeholders. */
  postgres: string;
}

/** `?` placeholders to Postgres' `$1, $2, ...`; answers the SQL and the number of placeholders. */
export function numbered(sql: string): [string, number] {
  let n = 0;
  return [sql.replace(/\?/g, () => `$${++n}`), n];
}

/** A statement written once with `?` placeholders; `postgres` overrides the derived Postgres text. */
export function hotStatement(name: string, sql: string, postgres?: string): HotStatement {
  return { name, sqlite: sql, postgres: postgres ?? numbered(sql)[0] };
}

export interface HotStatements {
  /** Where a statement runs: a group of calls is worth one statement only where each is a round trip. */
  readonly dialect: 'sqlite' | 'postgres';
  /** The rows a statement answers (an INSERT/UPDATE with RETURNING, or a SELECT). */
  rows<T>(statement: HotStatement, values: unknown[]): Promise<T[]>;
  /** Runs a statement whose rows nobody reads. */
  run(statement: HotStatement, values: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * True for a SQLite constraint error, after which SQLite has undone only the failing statement; the
 * transaction around it stands (other errors, such as a full disk, may have ended it).
 */
export const isSqliteConstraintError = (err: unknown): boolean =>
  String((err as { code?: unknown })?.code ?? '').startsWith('SQLITE_CONSTRAINT');

/** Runs one hot statement synchronously (inside `SqliteHotStatements.unit`). */
export type RunNow = <R>(statement: HotStatement, values: unknown[]) => R[];

/** SQLite: statements prepared on the pool's one connection, which `attach` receives from `afterCreate`. */
export interface SqliteHotStatements extends HotStatements {
  attach(connection: BetterSqlite3.Database): void;
  /**
   * Several statements as one transaction (one commit to the WAL instead of one per statement).
   * `work` is synchronous: nothing else runs on the connection meanwhile.
   */
  unit<T>(work: (run: RunNow) => T): Promise<T>;
}

export function sqliteHotStatements(knex: () => Knex): SqliteHotStatements {
  let connection: BetterSqlite3.Database | null = null;
  let prepared = new Map<string, BetterSqlite3.Statement>();
  /** better-sqlite3's transaction wrapper, made once per connection: it runs whatever work it is given. */
  let runInTransaction: ((work: (run: RunNow) => unknown) => unknown) | null = null;

  function statementFor(db: BetterSqlite3.Database, s: HotStatement): BetterSqlite3.Statement {
    let statement = prepared.get(s.name);
    if (!statement) {
      statement = db.prepare(s.sqlite);
      prepared.set(s.name, statement);
    }
    return statement;
  }

  /** The connection when a statement may run on it now: open and outside any transaction of knex's. */
  const ready = () => (connection?.open && !connection.inTransaction ? connection : null);

  function execute<R>(db: BetterSqlite3.Database, s: HotStatement, values: unknown[]): R[] {
    const statement = statementFor(db, s);
    if (statement.reader) return statement.all(...values) as R[];
    statement.run(...values);
    return [];
  }

  /** Through knex, which queues behind the transaction holding the connection. */
  async function viaKnex<R>(s: HotStatement, values: unknown[]): Promise<R[]> {
    const result = await knex().raw(s.sqlite, values as Knex.RawBinding[]);
    return Array.isArray(result) ? (result as R[]) : [];
  }

  return {
    dialect: 'sqlite',
    attach(db) {
      connection = db;
      prepared = new Map();
      const runOn: RunNow = (s, values) => execute(db, s, values);
      runInTransaction = db.transaction((work: (run: RunNow) => unknown) => work(runOn));
    },
    async rows<T>(s: HotStatement, values: unknown[]) {
      const db = ready();
      return db ? execute<T>(db, s, values) : viaKnex<T>(s, values);
    },
    async run(s, values) {
      const db = ready();
      if (db) execute(db, s, values);
      else await viaKnex(s, values);
    },
    async unit<T>(work: (run: RunNow) => T): Promise<T> {
      if (ready() && runInTransaction) return runInTransaction(work) as T;
      // A transaction of knex's holds the connection: queue a transaction of our own behind it. The
      // pool has one connection (connect.ts), so inside it that connection is the attached one.
      return knex().transaction(async () => {
        if (!connection?.inTransaction) throw new Error('hot statements: not on the pool connection');
        const db = connection;
        return work((s, values) => execute(db, s, values));
      });
    },
    async close() {
      connection = null;
      runInTransaction = null;
      prepared = new Map();
    },
  };
}

/**
 * Postgres: a pool of its own (`max` connections) running named prepared statements, whose plans
 * Postgres keeps until the tables outgrow them (`plans`, ADR 0102).
 */
export function postgresHotStatements(
  pool: pg.Pool,
  plans: PlanFreshness = planFreshness(() => readTableSizes(pool)),
): HotStatements {
  async function rows<T>(s: HotStatement, values: unknown[]): Promise<T[]> {
    const client = await pool.connect();
    let failure: Error | undefined;
    // A connection that breaks mid-statement also emits `error`: unheard, it would end the process.
    const broke = (err: Error) => {
      failure = err;
    };
    client.once('error', broke);
    try {
      if (plans.stale(client)) {
        await client.query('DISCARD PLANS');
        plans.refreshed(client);
      }
      const result = await client.query({ name: s.name, text: s.postgres, values });
      return result.rows as T[];
    } catch (err) {
      failure = err as Error;
      throw err;
    } finally {
      client.removeListener('error', broke);
      // As `pool.query` does: a connection that failed a statement is closed, not reused.
      client.release(failure);
    }
  }
  return {
    dialect: 'postgres',
    rows,
    async run(s, values) {
      await rows(s, values);
    },
    close: () => pool.end(),
  };
}
