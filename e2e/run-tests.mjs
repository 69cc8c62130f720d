#!/usr/bin/env node
// Runs every *.test.ts(x) file in its own process through tsx, the server suite once on SQLite and
// once on Postgres, and ends with one line "N passed, N failed" (uvu prints no failed count itself).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CI = process.env.CI === 'true' || process.env.CI === '1';
const filter = process.argv.slice(2);

function findTests(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, out);
    else if (/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

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

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

function runFile(file, env) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15 * 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const text = stripAnsi(output);
      const total = Number(/Total:\s+(\d+)/.exec(text)?.[1] ?? 0);
      const passed = Number(/Passed:\s+(\d+)/.exec(text)?.[1] ?? 0);
      const skipped = Number(/Skipped:\s+(\d+)/.exec(text)?.[1] ?? 0);
      let failed = total - passed - skipped;
      // A crash before uvu's summary, or a non-zero exit with nothing counted, is one failure.
      if (code !== 0 && failed === 0) failed = 1;
      resolve({ file, env, code, passed, failed, skipped, text, ms: Date.now() - started });
    });
  });
}

const all = findTests(join(root, 'packages')).concat(findTests(join(root, 'e2e')));
const selected = filter.length ? all.filter((f) => filter.some((p) => f.includes(p))) : all;
const jobs = [];
let extraFailures = 0;
const pgOk = await postgresAnswers();
if (!pgOk) {
  const msg = 'Postgres does not answer at CLIP_TEST_DATABASE_URL: the Postgres run of the server suite';
  if (CI) {
    console.error(`FAIL: ${msg} cannot run under CI.`);
    extraFailures++;
  } else console.error(`\n!!! SKIPPED: ${msg} is skipped (start Postgres to run it).\n`);
}
for (const file of selected) {
  // Server suites that touch the database run again on Postgres.
  const usesDatabase =
    file.includes(join('packages', 'server')) &&
    /startTestServer\(|createTestDatabase\(/.test(readFileSync(file, 'utf8'));
  jobs.push({ file, env: { CLIP_TEST_DB: 'sqlite' } });
  if (usesDatabase && pgOk) jobs.push({ file, env: { CLIP_TEST_DB: 'postgres' } });
}

// Browser suites are heavy; they run after the rest, one at a time.
const isHeavy = (j) => j.file.includes(`${join('e2e', 'browser')}`) || j.file.includes('.browser.test.');
const light = jobs.filter((j) => !isHeavy(j));
const heavy = jobs.filter(isHeavy);
const results = [];
async function pool(list, width) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, list.length) }, async () => {
      while (next < list.length) {
        const job = list[next++];
        const r = await runFile(job.file, job.env);
        results.push(r);
        const label = `${relative(root, r.file)} [${r.env.CLIP_TEST_DB}]`;
        const status = r.failed ? 'FAIL' : 'ok  ';
        console.log(
          `${status} ${label}  ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped (${(r.ms / 1000).toFixed(1)} s)`,
        );
        if (r.failed)
          console.log(
            r.text
              .split('\n')
              .map((l) => `    ${l}`)
              .join('\n'),
          );
      }
    }),
  );
}
await pool(light, Math.max(2, Math.min(4, availableParallelism())));
await pool(heavy, 1);

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0) + extraFailures;
const skipped = results.reduce((n, r) => n + r.skipped, 0);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
