/**
 * Which database a server test runs on: CLIP_TEST_DB=postgres gives each test file a fresh Postgres
 * database (created here, dropped on release), otherwise SQLite in the test's temp data dir.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Test } from 'uvu';
import { type Database, openDatabase } from '../db/connect.ts';

export const TEST_DATABASE_URL =
  process.env.CLIP_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.CLIP_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase {
  url: string | null;
  release(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Tells the test runner which database this file opened (the protocol of e2e/runner/report.mjs). */
function reportDialect(dialect: string): void {
  const file = process.env.CLIP_TEST_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify({ event: 'database', dialect })}\n`);
}

export async function createTestDatabase(): Promise<TestDatabase> {
  reportDialect(testDialect());
  if (testDialect() === 'sqlite') return { url: null, release: async () => {} };
  const name = `clip_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    release: () =>
      admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export interface OpenTestDatabase {
  db: Database;
  /** The data directory (SQLite's file lives here). */
  dataDir: string;
  /** The Postgres database's URL, for a connection of a test's own; null on SQLite. */
  url: string | null;
  /** Closes the database, drops it (Postgres) and removes the data directory. */
  close(): Promise<void>;
}

/** A test file's own database, opened (and migrated) as the server opens it, without a server. */
export async function openTestDatabase(): Promise<OpenTestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clip-db-'));
  const database = await createTestDatabase();
  const db = await openDatabase({ dataDir, databaseUrl: database.url });
  return {
    db,
    dataDir,
    url: database.url,
    async close() {
      await db.close();
      await database.release();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the test file's database before its tests and closes it after them; read `.db` inside a test. */
export function useTestDatabase(suite: Test): { readonly db: Database } {
  let opened: OpenTestDatabase | undefined;
  suite.before(async () => {
    opened = await openTestDatabase();
  });
  suite.after(() => opened?.close());
  return {
    get db() {
      if (!opened) throw new Error("the test database opens in the suite's before hook");
      return opened.db;
    },
  };
}
