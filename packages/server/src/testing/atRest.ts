/** What a test server keeps at rest, as text, for the tests that search it for secrets in plain text. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/connect.ts';

export function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

/** Every table the database holds (found from the catalog, so new tables are included). */
export async function tableNames({ knex, dialect }: Database): Promise<string[]> {
  const rows: { name: string }[] =
    dialect === 'postgres'
      ? (
          await knex.raw(
            "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
          )
        ).rows
      : await knex.raw("SELECT name FROM sqlite_master WHERE type = 'table'");
  return rows.map((r) => r.name);
}

/** Every row of every table, as JSON text. */
export async function dumpTables(db: Database, tables: string[]): Promise<string> {
  let dump = '';
  for (const t of tables) dump += JSON.stringify(await db.knex(t).select('*'));
  return dump;
}

/** The files' bytes read as latin1 text (SQLite's pages and WAL among them). */
export function dumpFiles(files: string[]): string {
  return files.map((file) => readFileSync(file).toString('latin1')).join('');
}
