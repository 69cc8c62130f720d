// The request path through a load balancer (issue 32): three clip processes on one Postgres database
// behind HAProxy (round-robin, as docs/guide/scaling.md and e2e/cluster/ set it up), against one of
// those processes answered directly, and against HAProxy in front of that one process alone: the
// balancer's own cost, and whether anything serialises the processes. The three targets run in
// alternating rounds, driven by autocannon in its own process.
//
//   npm run bench -- cluster
//   BENCH_PG_URL=postgres://user@host:5432/db  (a database this may create others in; default below)
//
// On a machine with fewer cores than processes, three processes cannot be faster than one: the
// figure to read is that the cluster keeps the single process's throughput (nothing serialises).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApiKey, createPaste } from './lib/clipApi.mjs';
import { compareThroughput } from './lib/load.mjs';
import { DEFAULT_LOGGING, DEFAULT_LOGGING_TEXT, freePort, startClip, waitForHttp } from './lib/processes.mjs';
import { loadSettingsLines, writeReport } from './lib/report.mjs';
import { loadSettings } from './lib/settings.mjs';
import { percent } from './lib/stats.mjs';

const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SECRET = 'the-cluster-bench-secret-0123456789';
const CONTENT = '# Release notes\n\n- faster uploads\n- `clip paste` reads stdin\n';
const settings = loadSettings();

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** HAProxy from Debian with two frontends: `three` over every process, `one` over the first alone. */
async function startHaproxy(processes) {
  const [three, one] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'clip-bench-haproxy-'));
  const servers = processes.map((p, i) => `  server p${i + 1} 127.0.0.1:${new URL(p.url).port} check`);
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(
    file,
    `defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
frontend three
  bind 127.0.0.1:${three}
  option forwardfor
  default_backend three
frontend one
  bind 127.0.0.1:${one}
  option forwardfor
  default_backend one
backend three
  balance roundrobin
  option httpchk GET /api/health
${servers.join('\n')}
backend one
  option httpchk GET /api/health
${servers[0]}
`,
  );
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const urls = { three: `http://127.0.0.1:${three}`, one: `http://127.0.0.1:${one}` };
  await waitForHttp(`${urls.three}/api/health`, child, () => log);
  await waitForHttp(`${urls.one}/api/health`, child, () => log);
  return {
    ...urls,
    pid: child.pid,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const name = `clip_bench_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
await adminQuery(`CREATE DATABASE ${name}`);
const dbUrl = new URL(PG_URL);
dbUrl.pathname = `/${name}`;
const env = {
  ...DEFAULT_LOGGING,
  DATABASE_URL: dbUrl.toString(),
  CLIP_SECRET: SECRET,
  CLIP_TRUST_PROXY: '1',
  CLIP_SWEEP_INTERVAL_MS: '0',
};
const processes = [];
let haproxy = null;
const rows = [];
try {
  // The first migrates the database; the others join it.
  processes.push(await startClip(env));
  processes.push(...(await Promise.all([startClip(env), startClip(env)])));
  haproxy = await startHaproxy(processes);
  const [first] = processes;
  const key = await createApiKey(first, { text_permission: true });
  const share = await createPaste(first, key.header, { content: CONTENT, max_views: 0 });
  const json = { 'content-type': 'application/json' };
  const cases = [
    ['GET /api/health', (base) => ({ url: `${base}/api/health` })],
    ['GET /api/paste/{slug} (counts a view)', (base) => ({ url: `${base}/api/paste/${share.slug}` })],
    [
      'POST /api/paste (ApiKey)',
      (base) => ({
        url: `${base}/api/paste`,
        method: 'POST',
        headers: { ...json, authorization: key.header },
        body: JSON.stringify({ content: CONTENT }),
      }),
    ],
    [
      'GET /api/test/api-key (ApiKey)',
      (base) => ({ url: `${base}/api/test/api-key`, headers: { authorization: key.header } }),
    ],
  ];
  for (const [measurement, request] of cases) {
    process.stderr.write(`cluster: ${measurement}\n`);
    const [direct, viaOne, viaThree] = await compareThroughput(
      [
        { label: 'one process, direct', pid: first.pid, request: request(first.url) },
        { label: 'HAProxy, one process', request: request(haproxy.one) },
        { label: 'HAProxy, three processes', request: request(haproxy.three) },
      ],
      settings,
    );
    rows.push({ measurement, direct, viaOne, viaThree });
  }
} finally {
  await haproxy?.stop();
  await Promise.all(processes.map((p) => p.stop()));
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

const fixed = (n, d = 0) => n.toFixed(d);
const table = [
  '## Throughput (medians over rounds)',
  '',
  '| Measurement | one process, direct | HAProxy, one process (ratio) | HAProxy, three processes (ratio) | Mean / p99 latency: direct, HAProxy one, HAProxy three |',
  '|---|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${r.measurement} | ${fixed(r.direct.rps)} req/s | ${fixed(r.viaOne.rps)} req/s (${percent(r.viaOne.rps / r.direct.rps)}) | ${fixed(r.viaThree.rps)} req/s (${percent(r.viaThree.rps / r.direct.rps)}) | ${[r.direct, r.viaOne, r.viaThree].map((t) => `${fixed(t.latencyMeanMs, 2)} / ${fixed(t.latencyP99Ms)} ms`).join(', ')} |`,
  ),
  '',
  '### Rounds (req/s)',
  '',
  '| Measurement | Target | Rounds |',
  '|---|---|---|',
  ...rows.flatMap((r) =>
    [r.direct, r.viaOne, r.viaThree].map(
      (t) => `| ${r.measurement} | ${t.label} | ${t.rounds.map((x) => fixed(x.rps)).join(', ')} |`,
    ),
  ),
  '',
];
for (const r of rows)
  process.stdout.write(
    `  ${r.measurement}: direct ${fixed(r.direct.rps)} req/s; HAProxy over one ${fixed(r.viaOne.rps)} (${percent(r.viaOne.rps / r.direct.rps)}); over three ${fixed(r.viaThree.rps)} (${percent(r.viaThree.rps / r.direct.rps)})\n`,
  );
const file = writeReport('cluster', {
  title:
    'Benchmark: the request path through HAProxy over three processes on one Postgres, against one process',
  command: 'npm run bench -- cluster',
  settings: [
    ...loadSettingsLines(
      settings,
      `three processes on one fresh Postgres database (${dbUrl.host}), one CLIP_SECRET, CLIP_TRUST_PROXY=1; HAProxy from Debian (round-robin, health checks), its own process`,
      DEFAULT_LOGGING_TEXT,
    ).filter((line) => !line.startsWith('Reference:')),
    "Targets: the first process answered directly (the reference), HAProxy in front of that process alone (the balancer's cost), and HAProxy over all three (round-robin)",
  ],
  notes: [
    "How to read it: every process, HAProxy and the load generator share the machine's cores, so on 2 cores three processes cannot serve more than one. HAProxy over one process against the direct figure is the extra hop's cost; HAProxy over three against HAProxy over one is the cluster's: near or above 100% says nothing serialises the processes (no process-local lock, no shared row every request waits on), far below says something does, or that the cores were taken by others (see the load average and the rounds).",
  ],
});
appendFileSync(file, `\n${table.join('\n')}`);
