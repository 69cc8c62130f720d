/**
 * The data-access rule (ADR 0045): SQL is built only in db/ and in `*Store.ts` / `*Repo.ts` modules, so
 * every table has one writer and no route or service builds a query. A static check over the server's
 * sources; test support (test files, test kits, testing/ folders) may build its own fixtures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** A query built with knex (or a transaction), raw SQL, a hot statement run, or an objection model's query. */
const QUERY =
  /\b(knex|trx)(<[^>]*>)?\(|\b(knex|trx|db)\.raw\(|\.\w+Raw\(|\b(hot|sqliteHot)\.(rows|run|unit)\(|\.query\((knex|trx)?\)/;

/** `*Sql.ts`: fragments of SQL several stores share (the share kinds' liveness, search and sweep conditions). */
const isDataAccess = (path: string) => path.startsWith('db/') || /(Store|Repo|Sql)\.ts$/.test(path);
const isTestSupport = (path: string) =>
  /\.test\.ts$|TestKit\.ts$|Conformance\.ts$/.test(path) ||
  path.startsWith('testing/') ||
  path.includes('/testing/') ||
  path.startsWith('openapi/knownGood/');

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (entry.name.endsWith('.ts')) out.push(relative(SRC, path).split('\\').join('/'));
  }
  return out;
}

/** The lines of a module that build a query, comments left out. */
function queryLines(path: string): string[] {
  return readFileSync(join(SRC, path), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && QUERY.test(line));
}

test('only db/ and *Store.ts / *Repo.ts modules build queries', () => {
  const offenders = sources(SRC)
    .filter((path) => !isDataAccess(path) && !isTestSupport(path))
    .flatMap((path) => queryLines(path).map((line) => `${path}: ${line.trim()}`));
  assert.equal(offenders, [], 'move these queries into the store of their tables (ADR 0045)');
});

test.run();
