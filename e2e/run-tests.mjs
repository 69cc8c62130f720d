#!/usr/bin/env node
// Runs every *.test.ts(x) file in its own process through tsx, once per database it declares
// (runner/suites.mjs), and ends with one line "N passed, N failed, N skipped" (with the reason when
// tests were skipped because a tool is missing). Passed, failed and skipped are counted separately,
// and a .only, a suite never run, or a false database declaration is a failure (runner/outcome.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { outcomeOf, parseEvents } from './runner/outcome.mjs';
import { declaredDatabases, findTests, isHeavy } from './runner/suites.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CI = process.env.CI === 'true' || process.env.CI === '1';
const filter = process.argv.slice(2);
// CLIP_TEST_ROOTS (comma-separated folders) replaces the default folders; the runner's own test uses it.
const roots = process.env.CLIP_TEST_ROOTS
  ? process.env.CLIP_TEST_ROOTS.split(',').map((r) => resolve(root, r))
  : [join(root, 'packages'), join(root, 'e2e')];
const guard = new URL('./runner/uvuGuard.mjs', import.meta.url).href;
const reportDir = mkdtempSync(join(tmpdir(), 'clip-test-report-'));

async function postgresAnswers() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: process.env.CLIP_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

let reportSeq = 0;
function runFile(job) {
  return new Promise((done) => {
    const started = Date.now();
    const report = join(reportDir, `${++reportSeq}.jsonl`);
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', guard, job.file], {
      cwd: root,
      env: {
        ...process.env,
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        CLIP_TEST_DB: job.database,
        CLIP_TEST_REPORT: report,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15 * 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      let events = [];
      try {
        events = parseEvents(readFileSync(report, 'utf8'));
      } catch {
        // nothing reported
      }
      const outcome = outcomeOf({ code, output, events, database: job.database, declared: job.declared });
      done({ ...job, ...outcome, output, ms: Date.now() - started });
    });
  });
}

const all = roots.flatMap((dir) => findTests(dir));
const selected = filter.length ? all.filter((f) => filter.some((p) => f.includes(p))) : all;
const jobs = [];
const setupFailures = [];
for (const file of selected) {
  let declared;
  try {
    declared = declaredDatabases(file);
  } catch (err) {
    setupFailures.push(err.message);
    continue;
  }
  for (const database of declared ?? ['sqlite']) jobs.push({ file, database, declared });
}

// Postgres jobs need Postgres: under CI its absence is a failure, elsewhere a loud skip.
const skipReasons = new Set();
let postgresMissing = false;
if (jobs.some((j) => j.database === 'postgres') && !(await postgresAnswers())) {
  const msg = 'Postgres does not answer at CLIP_TEST_DATABASE_URL: the Postgres runs of the suites';
  if (CI) setupFailures.push(`${msg} cannot be skipped under CI`);
  else {
    console.error(`\n!!! SKIPPED: ${msg} are skipped (start Postgres to run them).\n`);
    postgresMissing = true;
  }
}

const results = [];
const label = (r) => `${relative(root, r.file)} [${r.database}]`;
function print(r) {
  const status = r.failed ? 'FAIL' : 'ok  ';
  const why = r.skipReasons.length ? ` (${r.skipReasons.join(', ')})` : '';
  console.log(
    `${status} ${label(r)}  ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${why} (${(r.ms / 1000).toFixed(1)} s)`,
  );
  for (const problem of r.problems) console.log(`    !!! ${problem}`);
  if (r.failed) console.log(r.output.replace(/^/gm, '    '));
}

async function pool(list, width) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, list.length) }, async () => {
      while (next < list.length) {
        const job = list[next++];
        const r = await runFile(job);
        results.push(r);
        for (const reason of r.skipReasons) skipReasons.add(reason);
        print(r);
      }
    }),
  );
}

const runnable = postgresMissing ? jobs.filter((j) => j.database !== 'postgres') : jobs;
await pool(
  runnable.filter((j) => !isHeavy(j.file)),
  Math.max(2, Math.min(4, availableParallelism())),
);
await pool(
  runnable.filter((j) => isHeavy(j.file)),
  1,
);
rmSync(reportDir, { recursive: true, force: true });

// A skipped Postgres run counts the tests its SQLite run had, so the final line shows what did not run.
let skippedForPostgres = 0;
if (postgresMissing) {
  for (const job of jobs.filter((j) => j.database === 'postgres')) {
    const twin = results.find((r) => r.file === job.file && r.database === 'sqlite');
    skippedForPostgres += twin ? twin.passed + twin.failed : 1;
  }
  if (skippedForPostgres) skipReasons.add('Postgres missing');
}

for (const failure of setupFailures) console.log(`FAIL ${failure}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0) + setupFailures.length;
const skipped = results.reduce((n, r) => n + r.skipped, 0) + skippedForPostgres;
const why = skipReasons.size ? ` (${[...skipReasons].join(', ')})` : '';
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped${why}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
