/**
 * Which test files exist and what each declares. A suite that starts a server on a test database
 * says on which databases it runs with a declaration line near its top:
 *
 *   // @clip-databases sqlite postgres
 *
 * The runner runs the file once per database named there (SQLite alone when there is none), and
 * checks at run time that the declaration tells the truth (outcome.mjs).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const DATABASES = ['sqlite', 'postgres'];
const DECLARATION = /^\s*\/\/\s*@clip-databases\s+([a-z ,]+)$/m;
/** Folders the runner never walks into: dependencies, builds, and fixtures that other tests drive. */
const IGNORED_DIRS = new Set(['node_modules', 'dist', '__fixtures__']);

export function findTests(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (IGNORED_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, out);
    else if (/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The databases a file declares, or null when it declares none. Throws on an unknown name. */
export function declaredDatabases(file) {
  const head = readFileSync(file, 'utf8').split('\n').slice(0, 30).join('\n');
  const match = DECLARATION.exec(head);
  if (!match) return null;
  const names = match[1].split(/[\s,]+/).filter(Boolean);
  const unknown = names.filter((n) => !DATABASES.includes(n));
  if (unknown.length || names.length === 0)
    throw new Error(
      `${file}: @clip-databases names ${unknown.join(', ') || 'nothing'}; use ${DATABASES.join(' ')}`,
    );
  return [...new Set(names)];
}

/**
 * Heavy suites run after the rest, one at a time: the browser suites, and the cluster suites (each
 * starts three server processes and HAProxy).
 */
export const isHeavy = (file) =>
  file.includes(join('e2e', 'browser')) ||
  file.includes('.browser.test.') ||
  file.includes(join('e2e', 'cluster'));
