// A/B of request-path variants in one run (issue 34): several clip servers, each a variant (another
// build of the bundle, other environment or Node flags), measured in alternating rounds on the same
// loads, so the machine's drift falls on all alike. Reports per variant and load: req/s, CPU per request,
// p99, statements (Postgres transactions) per request, and RSS idle and after the loads.
//
//   AB_DB=postgres AB_CASES=read,create node bench/requests-ab.mjs base@packages/server/.bundle.base/main.js new
//   node bench/requests-ab.mjs 'semi4' 'semi2+--max-semi-space-size=2' 'arena2+MALLOC_ARENA_MAX=2'
//
// A variant is `label[@entry][+NAME=value|+--flag ...]`; the entry defaults to the current bundle.
//
// Caution: before 2026-11-30 about half the servers started ran 20-60% more CPU per request and ended
// at 200+ MiB after the loads, whatever their variant (identical builds disagreed). That was V8 tenuring
// request objects' allocation sites after one early burst of survivors; the server now runs with
// pretenuring off (ADR 0095), and two identical variants agreed within a few us. Still run two identical
// variants once before trusting an A/B on a busy machine.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { createApiKey, createPaste } from './lib/clipApi.mjs';
import { compareThroughput } from './lib/load.mjs';
import { ROOT } from './lib/paths.mjs';
import { DEFAULT_LOGGING, startClip } from './lib/processes.mjs';
import { PASTE_CONTENT, requestOf } from './lib/requestCases.mjs';
import { currentRss, mebibytes } from './lib/rss.mjs';
import { loadSettings } from './lib/settings.mjs';

const DB = process.env.AB_DB || 'postgres';
const CASES = (process.env.AB_CASES || 'health,read,create,apikey').split(',');
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const settings = loadSettings();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function adminQuery(sql, values) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

function parseVariant(spec) {
  const [head, ...extras] = spec.split('+');
  const [label, entry] = head.split('@');
  const env = {};
  const flags = [];
  for (const x of extras) {
    if (x.startsWith('--')) flags.push(x);
    else {
      const i = x.indexOf('=');
      env[x.slice(0, i)] = x.slice(i + 1);
    }
  }
  return { label, entry: entry ? resolve(ROOT, entry) : undefined, env, flags };
}

const transactions = async (name) =>
  Number(
    (
      await adminQuery('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [
        name,
      ])
    )[0].n,
  );

async function start(variant) {
  let db = null;
  if (DB === 'postgres') {
    db = `clip_ab_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${db}`);
    // `+PG_synchronous_commit=off`: a setting of this variant's database (what its connections start with).
    for (const [name, value] of Object.entries(variant.env))
      if (name.startsWith('PG_')) await adminQuery(`ALTER DATABASE ${db} SET ${name.slice(3)} = ${value}`);
  }
  const url = new URL(PG_URL);
  url.pathname = `/${db}`;
  if (variant.flags.length) process.env.BENCH_NODE_FLAGS = variant.flags.join(' ');
  else delete process.env.BENCH_NODE_FLAGS;
  const clip = await startClip(
    { ...DEFAULT_LOGGING, ...variant.env, ...(db ? { DATABASE_URL: url.toString() } : {}) },
    { entry: variant.entry },
  );
  await sleep(5000);
  const idleRss = currentRss(clip.pid);
  const key = await createApiKey(clip, { text_permission: true });
  const share = await createPaste(clip, key.header, { content: PASTE_CONTENT, max_views: 0 });
  return { ...variant, clip, db, key, share, idleRss };
}

const request = (server, name) =>
  requestOf(name, { url: server.clip.url, keyHeader: server.key.header, slug: server.share.slug });

const servers = [];
try {
  for (const spec of process.argv.slice(2)) servers.push(await start(parseVariant(spec)));
  // AB_IDLE_MS: the servers sit idle this long before the first load (as a server does before its first
  // burst; a server started earlier than the others has sat idle ~5 s more).
  await sleep(Number(process.env.AB_IDLE_MS || 0));
  const lines = [];
  for (const name of CASES) {
    process.stderr.write(`${name} (${DB})\n`);
    const before = await Promise.all(servers.map((s) => (s.db ? transactions(s.db) : 0)));
    const results = await compareThroughput(
      servers.map((s) => ({ label: s.label, pid: s.clip.pid, request: request(s, name) })),
      settings,
    );
    const after = await Promise.all(servers.map((s) => (s.db ? transactions(s.db) : 0)));
    results.forEach((r, i) => {
      const requests = r.rounds.reduce((sum, x) => sum + x.total, 0);
      const perRequest = DB === 'postgres' ? ((after[i] - before[i]) / requests).toFixed(3) : 'n/a';
      lines.push(
        `${name} ${r.label}: ${Math.round(r.rps)} req/s (${r.rounds.map((x) => Math.round(x.rps)).join(', ')}), ` +
          `${Math.round(r.cpuMicrosPerRequest)} us CPU/request (${r.rounds.map((x) => Math.round(x.cpuMicrosPerRequest)).join(', ')}), ` +
          `p99 ${r.latencyP99Ms} ms, ${perRequest} transactions/request (warm-up included)`,
      );
    });
  }
  // AB_SETTLE_MS: how long the servers sit without requests before "after the loads" is read
  // (bench/requests.mjs reads it after the bare Koa's last round, ~5 s after clip's load).
  await sleep(Number(process.env.AB_SETTLE_MS || 0));
  // AB_RSS_TRACE_S=<seconds>: each server's RSS every 5 s for that long after the loads (does it fall
  // back on its own once quiet, when V8's memory reducer runs?).
  for (let t = 0; t <= Number(process.env.AB_RSS_TRACE_S || -1); t += 5) {
    lines.push(
      `RSS after ${t} s quiet: ${servers.map((s) => `${s.label} ${mebibytes(currentRss(s.clip.pid))}`).join(', ')}`,
    );
    await sleep(5000);
  }
  for (const s of servers)
    lines.push(
      `RSS ${s.label}: idle ${mebibytes(s.idleRss)}, after the loads ${mebibytes(currentRss(s.clip.pid))}`,
    );
  // AB_GREP=<text>: each server's last output lines holding it (e.g. a warning the servers logged).
  if (process.env.AB_GREP)
    for (const s of servers)
      for (const line of s.clip.output().split('\n'))
        if (line.includes(process.env.AB_GREP)) lines.push(`${s.label}: ${line}`);
  // AB_SMAPS=<script>: a breakdown of each server's memory after the loads (any program taking a pid).
  if (process.env.AB_SMAPS)
    for (const s of servers)
      lines.push(
        `${s.label}:\n${execFileSync(process.env.AB_SMAPS, [String(s.clip.pid)], { encoding: 'utf8' })}`,
      );
  const load = (await import('node:os')).loadavg().map((x) => x.toFixed(2));
  lines.push(`load average ${load.join(' / ')}, ${new Date().toISOString()}`);
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  for (const s of servers) {
    await s.clip.stop();
    if (s.db) await adminQuery(`DROP DATABASE IF EXISTS ${s.db} WITH (FORCE)`);
  }
}
