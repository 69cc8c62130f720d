// The request path through a load balancer (issue 32): three clip processes on one Postgres database
// behind HAProxy (round-robin, as docs/guide/scaling.md and e2e/cluster/ set it up), against one of
// those processes answered directly, and against HAProxy in front of that one process alone: the
// balancer's own cost, and whether anything serialises the processes. The targets run in alternating
// rounds, driven by autocannon in its own process.
//
//   npm run bench -- cluster
//   BENCH_PG_URL=postgres://user@host:5432/db  (a database this may create others in; default below)
//
// On a machine with fewer cores than processes, three processes cannot be faster than one, so "three
// against one" alone says little. The reference, measured in the same rounds: three bare-Koa processes
// (bench/reference/bareKoa.mjs, no shared state at all) behind the same HAProxy, over one and over
// three. What three processes on this machine cost a server that shares nothing is Koa's three/one
// ratio; clip's three/one ratio at or above it says nothing in clip serialises the processes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApiKey, createPaste } from './lib/clipApi.mjs';
import { pidsNamed } from './lib/cpuTime.mjs';
import { compareThroughput } from './lib/load.mjs';
import {
  DEFAULT_LOGGING,
  DEFAULT_LOGGING_TEXT,
  freePort,
  startClip,
  startReference,
  waitForHttp,
} from './lib/processes.mjs';
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

/** A frontend on a free port and its backend: round-robin over `servers`, health-checked. */
async function balanced(name, servers) {
  const port = await freePort();
  const lines = servers.map((s, i) => `  server ${name}${i + 1} 127.0.0.1:${new URL(s.url).port} check`);
  const config = `frontend ${name}
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend ${name}
backend ${name}
  balance roundrobin
  option httpchk GET /api/health
${lines.join('\n')}
`;
  return { name, url: `http://127.0.0.1:${port}`, config };
}

/**
 * HAProxy from Debian, one process, with four frontends: `three` over every clip process, `one` over
 * the first alone, and the same two over the bare-Koa processes.
 */
async function startHaproxy(processes, references) {
  const frontends = [
    await balanced('three', processes),
    await balanced('one', processes.slice(0, 1)),
    await balanced('koaThree', references),
    await balanced('koaOne', references.slice(0, 1)),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'clip-bench-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(
    file,
    `defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
${frontends.map((f) => f.config).join('')}`,
  );
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const urls = Object.fromEntries(frontends.map((f) => [f.name, f.url]));
  for (const f of frontends) await waitForHttp(`${f.url}/api/health`, child, () => log);
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
const references = [];
let haproxy = null;
const rows = [];
try {
  // The first migrates the database; the others join it.
  processes.push(await startClip(env));
  processes.push(...(await Promise.all([startClip(env), startClip(env)])));
  references.push(...(await Promise.all([startReference(), startReference(), startReference()])));
  haproxy = await startHaproxy(processes, references);
  const [first] = processes;
  // Where the machine's CPU goes in each round, by process group.
  const cpuGroups = {
    clip: () => processes.map((p) => p.pid),
    koa: () => references.map((p) => p.pid),
    postgres: () => pidsNamed('postgres'),
    haproxy: () => [haproxy.pid],
  };
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
    // Bare Koa answers any path and method alike (a small JSON document): the same request, to its frontends.
    const koa = request;
    const [direct, viaOne, viaThree, koaOne, koaThree] = await compareThroughput(
      [
        { label: 'one process, direct', pid: first.pid, request: request(first.url) },
        { label: 'HAProxy, one process', request: request(haproxy.one) },
        { label: 'HAProxy, three processes', request: request(haproxy.three) },
        { label: 'bare Koa: HAProxy, one process', request: koa(haproxy.koaOne) },
        { label: 'bare Koa: HAProxy, three processes', request: koa(haproxy.koaThree) },
      ].map((target) => ({ ...target, cpuGroups })),
      settings,
    );
    rows.push({ measurement, direct, viaOne, viaThree, koaOne, koaThree });
  }
} finally {
  await haproxy?.stop();
  await Promise.all([...processes, ...references].map((p) => p.stop()));
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

const fixed = (n, d = 0) => n.toFixed(d);
/** clip's three/one ratio over bare Koa's: 100% or more, nothing in clip serialises the processes. */
const scaling = (r) => ({
  clip: r.viaThree.rps / r.viaOne.rps,
  koa: r.koaThree.rps / r.koaOne.rps,
});
/** A target's machine figures: idle share, machine CPU per request, and its server's, Postgres's and HAProxy's share of it. */
const machineCell = (m, server) => {
  const g = m.groupCpuMicrosPerRequest;
  const name = server === 'koa' ? 'Koa' : 'clip';
  return `${percent(m.machineIdle)} idle, ${fixed(m.machineCpuMicrosPerRequest)} us (${name} ${fixed(g[server])}, Postgres ${fixed(g.postgres)}, HAProxy ${fixed(g.haproxy)})`;
};
const TARGETS = ['direct', 'viaOne', 'viaThree', 'koaOne', 'koaThree'];
const table = [
  '## Throughput (medians over rounds)',
  '',
  '| Measurement | one process, direct | HAProxy, one process (vs direct) | HAProxy, three processes (vs HAProxy one) | bare Koa via HAProxy: one, three (three vs one) | clip three/one over Koa three/one |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows.map((r) => {
    const s = scaling(r);
    return `| ${r.measurement} | ${fixed(r.direct.rps)} req/s | ${fixed(r.viaOne.rps)} req/s (${percent(r.viaOne.rps / r.direct.rps)}) | ${fixed(r.viaThree.rps)} req/s (${percent(s.clip)}) | ${fixed(r.koaOne.rps)}, ${fixed(r.koaThree.rps)} req/s (${percent(s.koa)}) | ${percent(s.clip / s.koa)} |`;
  }),
  '',
  '## Latency (medians over rounds: mean / p99)',
  '',
  `| Measurement | ${TARGETS.map((t) => rows[0]?.[t].label).join(' | ')} |`,
  `|---|${TARGETS.map(() => '---:').join('|')}|`,
  ...rows.map(
    (r) =>
      `| ${r.measurement} | ${TARGETS.map((t) => `${fixed(r[t].latencyMeanMs, 2)} / ${fixed(r[t].latencyP99Ms)} ms`).join(' | ')} |`,
  ),
  '',
  '## The machine during the rounds (medians)',
  '',
  "Idle: the share of every core's time nobody used during a round; then the machine's busy CPU time per request (every process: clip, Postgres, HAProxy, the load generator), and of it the clip (or Koa) processes', Postgres's (every backend) and HAProxy's. Three processes with the cores still idle while their throughput drops would mean they wait on each other; idle near zero with more CPU per request means each request costs the machine more work, and the groups say whose.",
  '',
  `| Measurement | ${TARGETS.map((t) => rows[0]?.[t].label).join(' | ')} |`,
  `|---|${TARGETS.map(() => '---:').join('|')}|`,
  ...rows.map(
    (r) =>
      `| ${r.measurement} | ${TARGETS.map((t) => machineCell(r[t], t.startsWith('koa') ? 'koa' : 'clip')).join(' | ')} |`,
  ),
  '',
  '### Rounds (req/s)',
  '',
  '| Measurement | Target | Rounds |',
  '|---|---|---|',
  ...rows.flatMap((r) =>
    TARGETS.map(
      (t) => `| ${r.measurement} | ${r[t].label} | ${r[t].rounds.map((x) => fixed(x.rps)).join(', ')} |`,
    ),
  ),
  '',
];
for (const r of rows) {
  const s = scaling(r);
  process.stdout.write(
    `  ${r.measurement}: direct ${fixed(r.direct.rps)} req/s; HAProxy over one ${fixed(r.viaOne.rps)} (${percent(r.viaOne.rps / r.direct.rps)}); over three ${fixed(r.viaThree.rps)} (${percent(s.clip)} of one); bare Koa three/one ${percent(s.koa)}; clip's over Koa's ${percent(s.clip / s.koa)}\n`,
  );
}
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
    "Targets: the first process answered directly, HAProxy in front of that process alone (the balancer's cost), HAProxy over all three (round-robin); and the reference, in the same rounds: three bare-Koa processes (bench/reference/bareKoa.mjs, no shared state) behind the same HAProxy, over the first alone and over all three",
  ],
  notes: [
    "How to read it: every process, HAProxy and the load generator share the machine's cores, so on 2 cores three processes cannot serve more than one, and three/one alone cannot tell serialising from sharing cores. Bare Koa shares nothing between its processes, so its three/one ratio is what three processes cost on this machine; clip's three/one over Koa's (last column) near or above 100% says nothing in clip serialises the processes (no process-local lock, no shared row every request waits on), far below says something does, or that clip's Postgres work (on the same cores) grows with the processes. HAProxy over one process against the direct figure is the extra hop's cost.",
  ],
});
appendFileSync(file, `\n${table.join('\n')}`);
