// The request path in one run (issue 16): GET /api/health, GET /api/paste/{slug} (counts a view),
// POST /api/paste with an API key and GET /api/test/api-key, each against bare Koa's hello-world, on
// a server with default settings (request log included), first on SQLite, then on Postgres. Also the
// server's RSS: idle after start, 5 s after those loads, and once quiet (V8's memory reducer run, ADR
// 0097); and the same paste read with the access log on (the default) against a second server with it
// off (`access_log_days: 0`, issue 30).
//
//   npm run bench -- requests                 (both databases)
//   BENCH_DATABASES=sqlite npm run bench -- requests
//   BENCH_PG_URL=postgres://user@host:5432/db  (a database this may create others in; default below)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminAuth, apiCall, createApiKey, createPaste } from './lib/clipApi.mjs';
import { compareThroughput } from './lib/load.mjs';
import { DEFAULT_LOGGING, DEFAULT_LOGGING_TEXT, startClip, startReference } from './lib/processes.mjs';
import { loadSettingsLines, printSummary, writeReport } from './lib/report.mjs';
import { currentRss, mebibytes, peakRss, rssOnceQuiet } from './lib/rss.mjs';
import { loadSettings } from './lib/settings.mjs';

/** Issue 34's targets, per database (clip's req/s as a share of bare Koa's; RSS in bytes). */
const TARGETS = {
  sqlite: { health: 0.6, read: 0.7, create: 0.5, apiKey: 0.6 },
  postgres: { health: 0.7, read: 0.5, create: 0.35, apiKey: 0.65 },
  accessLog: 0.9,
};
const RSS_TARGETS = { idle: 90 * 1024 * 1024, afterLoad: 120 * 1024 * 1024 };
/** On Postgres, clip's p99 latency may be at most this many times bare Koa's (issue 34). */
const P99_LIMIT = 3;
/** How long the server sits idle after answering its first health check before its RSS is read. */
const IDLE_SETTLE_MS = 5000;
const CONTENT =
  '# Release notes\n\n- faster uploads\n- `clip paste` reads stdin\n\nSee https://example.com/notes for more.\n';
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DATABASES = (process.env.BENCH_DATABASES || 'sqlite,postgres').split(',').map((s) => s.trim());
const settings = loadSettings();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh Postgres database for one run; answers its URL and a function that drops it. */
async function freshPostgres() {
  const name = `clip_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function measureOn(database, reference) {
  const target = TARGETS[database];
  const pgDb = database === 'postgres' ? await freshPostgres() : null;
  const clip = await startClip({ ...DEFAULT_LOGGING, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });
  try {
    await sleep(IDLE_SETTLE_MS);
    const idleRss = currentRss(clip.pid);
    const key = await createApiKey(clip, { text_permission: true });
    const share = await createPaste(clip, key.header, { content: CONTENT, max_views: 0 });
    const ref = { label: 'bare Koa', pid: reference.pid };
    const json = { 'content-type': 'application/json' };
    const body = JSON.stringify({ content: CONTENT });
    const cases = [
      ['GET /api/health', target.health, { url: `${clip.url}/api/health` }, { url: `${reference.url}/` }],
      [
        'GET /api/paste/{slug} (counts a view)',
        target.read,
        { url: `${clip.url}/api/paste/${share.slug}` },
        { url: `${reference.url}/` },
      ],
      [
        'POST /api/paste (ApiKey)',
        target.create,
        {
          url: `${clip.url}/api/paste`,
          method: 'POST',
          headers: { ...json, authorization: key.header },
          body,
        },
        { url: `${reference.url}/`, method: 'POST', headers: json, body },
      ],
      [
        'GET /api/test/api-key (ApiKey)',
        target.apiKey,
        { url: `${clip.url}/api/test/api-key`, headers: { authorization: key.header } },
        { url: `${reference.url}/` },
      ],
    ];
    const rows = [];
    for (const [measurement, ratio, clipRequest, refRequest] of cases) {
      process.stderr.write(`requests (${database}): ${measurement} vs bare Koa\n`);
      const [subject, refResult] = await compareThroughput(
        [
          { label: 'clip', pid: clip.pid, request: clipRequest },
          { ...ref, request: refRequest },
        ],
        settings,
      );
      rows.push({
        measurement: `${measurement} [${database}]`,
        subject,
        reference: refResult,
        targetRatio: ratio,
      });
    }
    const afterRss = currentRss(clip.pid);
    rows.push(await accessLogOnVsOff(database, clip, share));
    const peak = peakRss(clip.pid);
    process.stderr.write(`requests (${database}): RSS once the server has been quiet (up to 5 min)\n`);
    const quiet = await rssOnceQuiet(clip.pid);
    return { database, rows, idleRss, afterRss, quiet, peak };
  } finally {
    await clip.stop();
    await pgDb?.drop();
  }
}

/**
 * The popular-share read with the access log on (this server, defaults) against a second server of the
 * same kind with the log off: what recording an event per read costs (issue 30 item 2).
 */
async function accessLogOnVsOff(database, clip, share) {
  const pgDb = database === 'postgres' ? await freshPostgres() : null;
  const off = await startClip({ ...DEFAULT_LOGGING, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });
  try {
    await apiCall(`${off.url}/api/admin/system-settings`, {
      method: 'PUT',
      auth: await adminAuth(off),
      body: { access_log_days: 0 },
    });
    const key = await createApiKey(off, { text_permission: true });
    const offShare = await createPaste(off, key.header, { content: CONTENT, max_views: 0 });
    const measurement = 'GET /api/paste/{slug}: access log on vs off';
    process.stderr.write(`requests (${database}): ${measurement}\n`);
    const [subject, reference] = await compareThroughput(
      [
        {
          label: 'clip, access log on',
          pid: clip.pid,
          request: { url: `${clip.url}/api/paste/${share.slug}` },
        },
        {
          label: 'clip, access log off',
          pid: off.pid,
          request: { url: `${off.url}/api/paste/${offShare.slug}` },
        },
      ],
      settings,
    );
    const events = await apiCall(`${clip.url}/api/admin/access-log?limit=1`, { auth: await adminAuth(clip) });
    process.stderr.write(`  ${events.total} access events recorded by the server with the log on\n`);
    return {
      measurement: `${measurement} [${database}]`,
      subject,
      reference,
      targetRatio: TARGETS.accessLog,
    };
  } finally {
    await off.stop();
    await pgDb?.drop();
  }
}

const reference = await startReference();
const results = [];
try {
  for (const database of DATABASES) results.push(await measureOn(database, reference));
} finally {
  await reference.stop();
}

const rssLine = (r) => {
  const verdict = (bytes, limit) => (bytes <= limit ? 'pass' : `over by ${mebibytes(bytes - limit)}`);
  return `RSS on ${r.database}: idle ${mebibytes(r.idleRss)} ${IDLE_SETTLE_MS / 1000} s after start (target <= ${mebibytes(RSS_TARGETS.idle)}: ${verdict(r.idleRss, RSS_TARGETS.idle)}); after the loads ${mebibytes(r.afterRss)} (target <= ${mebibytes(RSS_TARGETS.afterLoad)}: ${verdict(r.afterRss, RSS_TARGETS.afterLoad)}); once quiet ${mebibytes(r.quiet.rss)}, ${Math.round(r.quiet.afterMs / 1000)} s after the last load (${r.quiet.fell ? "V8's memory reducer had run" : 'it had not fallen'}; target <= ${mebibytes(RSS_TARGETS.afterLoad)}: ${verdict(r.quiet.rss, RSS_TARGETS.afterLoad)}); peak ${mebibytes(r.peak)}.`;
};
/** Postgres p99 latency against bare Koa's (issue 34: at most 3 times). */
const p99Line = (r) =>
  `p99 latency on ${r.database}, clip / bare Koa (target <= ${P99_LIMIT}x): ${r.rows
    .filter((row) => !row.measurement.includes('access log'))
    .map((row) => {
      const times = row.subject.latencyP99Ms / row.reference.latencyP99Ms;
      return `${row.measurement.replace(/ \[.*\]$/, '')} ${times.toFixed(1)}x (${times <= P99_LIMIT ? 'pass' : 'over'})`;
    })
    .join('; ')}.`;
const report = {
  throughput: results.flatMap((r) => r.rows),
  notes: [
    ...results.map(rssLine),
    ...results.filter((r) => r.database === 'postgres').map(p99Line),
    'Where the time goes: bench/results/request-profile.md (V8 CPU profiles of these loads, before and after).',
    'Every paste read counts a view in the database (an UPDATE ... RETURNING plus the daily tally), so a read is also a write.',
    'Every paste read is also an access-log event (queued in memory, written in batches of up to 500 rows); the "access log on vs off" rows compare two clip servers of the same kind, one with access_log_days 0 (its reference column is that server, not bare Koa).',
    'The bare Koa reference answers the same JSON hello-world to every request (it does not read the POST body).',
  ],
};
printSummary('requests', report);
writeReport('requests', {
  title: 'Benchmark: the request path on SQLite and Postgres (health, paste read, paste create, API key)',
  command: 'npm run bench -- requests',
  settings: loadSettingsLines(
    settings,
    `SQLite in a temp dir, then a fresh Postgres database (${new URL(PG_URL).host}); an API key with text permission made through the admin API`,
    DEFAULT_LOGGING_TEXT,
  ),
  ...report,
});
