// A/B of a warm `clip ls` of a 10,000-object folder (issue 34 item 5): launchers (bin/clip of another
// checkout, with its own bundle) and server builds, every pair run in turn in each round, so the shared
// machine's load falls on all alike. Reports per pair the command's CPU and the server's CPU for it (means
// of 10 ms ticks: their sum is about the listing's time on an idle machine) and the median wall time.
//
//   node bench/cli-warm-ab.mjs base=/tmp/base/bin/clip new=bin/clip
//   AB_SERVERS=base@packages/server/.bundle.base/main.js,new node bench/cli-warm-ab.mjs
//
// A launcher is `label=path` (none: this checkout's bin/clip); a server `label[@entry]` (AB_SERVERS; the
// entry defaults to this checkout's bundle, built first). AB_RUNS rounds (25), AB_OBJECTS objects (10,000).
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { cpuMs } from './lib/cpuTime.mjs';
import { CLIP_BIN, ROOT } from './lib/paths.mjs';
import { median } from './lib/stats.mjs';
import { timeOnce } from './lib/timing.mjs';
import { startWarmListing } from './lib/warmListing.mjs';

const RUNS = Number(process.env.AB_RUNS ?? 25);
const OBJECTS = Number(process.env.AB_OBJECTS ?? 10_000);
const log = (line) => process.stderr.write(`${line}\n`);
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const load = () => loadavg()[0].toFixed(1);

const launchers = process.argv.slice(2).map((spec) => {
  const [label, path] = spec.split('=');
  return { label, path: resolve(ROOT, path) };
});
if (launchers.length === 0) launchers.push({ label: 'bin/clip', path: CLIP_BIN });
const serverSpecs = (process.env.AB_SERVERS ?? 'current').split(',').map((spec) => {
  const [label, entry] = spec.split('@');
  return { label, entry: entry ? resolve(ROOT, entry) : undefined };
});

const loadAtStart = load();
const servers = [];
try {
  for (const spec of serverSpecs) {
    log(`${spec.label}: a server holding ${OBJECTS} objects`);
    servers.push({ ...spec, warm: await startWarmListing(OBJECTS, { clipEntry: spec.entry, log }) });
  }
  const pairs = servers.flatMap((server) =>
    launchers.map((launcher) => ({ server, launcher, cpu: [], serverCpu: [], wall: [] })),
  );
  const listOnce = async (pair) => {
    const { warm } = pair.server;
    const before = cpuMs(warm.clip.pid);
    const r = await timeOnce(pair.launcher.path, ['ls', '/s3/big'], { env: { ...process.env, ...warm.env } });
    const lines = r.stdout.trim().split('\n').length;
    if (r.code !== 0 || lines !== OBJECTS)
      throw new Error(`${pair.launcher.label} ls exited ${r.code} with ${lines} lines: ${r.stderr}`);
    return { ...r, serverCpu: cpuMs(warm.clip.pid) - before };
  };
  // One unmeasured run per pair: the first fills the listing cache and Node's compile cache.
  for (const pair of pairs) await listOnce(pair);
  for (let round = 0; round < RUNS; round++) {
    for (let i = 0; i < pairs.length; i++) {
      const pair = pairs[(i + round) % pairs.length];
      const r = await listOnce(pair);
      pair.cpu.push(r.cpuMs);
      pair.serverCpu.push(r.serverCpu);
      pair.wall.push(r.ms);
    }
    log(`  round ${round + 1}/${RUNS}, load ${load()}`);
  }
  const rows = pairs.map(
    (p) =>
      `| ${p.launcher.label} | ${p.server.label} | ${mean(p.cpu).toFixed(1)} ms | ${mean(p.serverCpu).toFixed(1)} ms | ${(mean(p.cpu) + mean(p.serverCpu)).toFixed(1)} ms | ${median(p.wall).toFixed(0)} ms |`,
  );
  process.stdout.write(
    [
      `\nwarm clip ls of ${OBJECTS}: ${RUNS} rounds, load (1 min) ${loadAtStart} at start, ${load()} at end`,
      '| Launcher | Server | Command CPU (mean) | Server CPU (mean) | Sum | Wall (median) |',
      '|---|---|---:|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n'),
  );
} finally {
  for (const server of servers) await server.warm.stop();
}
