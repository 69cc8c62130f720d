// Prints a benchmark's medians and ratios, and writes them to bench/results/<name>.md with the date,
// the machine and the settings. A shortfall is reported, not thrown: a benchmark is not a test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitRevision, machineInfo } from './machine.mjs';
import { RESULTS_DIR } from './paths.mjs';
import { percent } from './stats.mjs';

/**
 * A throughput row: { measurement, subject, reference, targetRatio } where subject and reference are
 * compareThroughput results. A timing row: { measurement, timing, targetMs } from timeCommand.
 */
export function throughputVerdict(row) {
  const ratio = row.subject.rps / row.reference.rps;
  if (row.targetRatio == null) return { ratio, pass: true, text: 'no target' };
  const pass = ratio >= row.targetRatio;
  return {
    ratio,
    pass,
    text: pass ? 'pass' : `shortfall: ${percent(row.targetRatio - ratio)} below target`,
  };
}

export function timingVerdict(row) {
  const pass = row.timing.medianMs <= row.targetMs;
  return {
    pass,
    text: pass ? 'pass' : `shortfall: ${(row.timing.medianMs - row.targetMs).toFixed(0)} ms over target`,
  };
}

const fixed = (n, d = 0) => n.toFixed(d);
const micros = (t) => (t.cpuMicrosPerRequest == null ? 'n/a' : `${fixed(t.cpuMicrosPerRequest)} us`);

/** Bare Koa's CPU per request over clip's: the req/s ratio the two would reach if each had a core to itself. */
function cpuRatio(row) {
  const s = row.subject.cpuMicrosPerRequest;
  const r = row.reference.cpuMicrosPerRequest;
  return s && r ? ` (${percent(r / s)})` : '';
}

const targetText = (row) => (row.targetRatio == null ? 'none' : `>= ${percent(row.targetRatio)}`);

/** The settings lines every throughput benchmark reports. */
export function loadSettingsLines(
  settings,
  clipSetup = 'SQLite in a temp dir',
  logging = 'CLIP_LOG_LEVEL=warn',
) {
  return [
    `Load: ${settings.connections} connections, ${settings.rounds} rounds x ${settings.durationSec} s per target, alternating, after a ${settings.warmupSec} s warm-up per target`,
    `clip: ${process.env.BENCH_SERVER_SOURCE ? '`node packages/server/src/main.ts` (BENCH_SERVER_SOURCE=1)' : '`node packages/server/.bundle/main.js`, what `npm start` runs (ADR 0023)'}, ${clipSetup}, ${logging}`,
    'Reference: bench/reference/bareKoa.mjs (bare Koa answering a JSON hello-world), its own process',
    'CPU per request: user + system CPU time of the server process over a round (from /proc) divided by the requests it served; it moves much less than req/s when other processes share the cores',
    "Main thread busy: the CPU time of the server's main thread (the event loop's) over a round's load time; well below 100% under load, the event loop waited (on fsync, a lock, the network, or for a core the load generator held) rather than computed",
  ];
}

function throughputTable(rows) {
  const lines = [
    '| Measurement | clip req/s | bare Koa req/s | Ratio | Target | Result | CPU per request, clip / bare Koa (ratio) | Mean / p99 latency, clip | Mean / p99 latency, bare Koa |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const row of rows) {
    const v = throughputVerdict(row);
    const s = row.subject;
    const r = row.reference;
    lines.push(
      `| ${row.measurement} | ${fixed(s.rps)} | ${fixed(r.rps)} | ${percent(v.ratio)} | ${targetText(row)} | ${v.text} | ${micros(s)} / ${micros(r)}${cpuRatio(row)} | ${fixed(s.latencyMeanMs, 2)} / ${fixed(s.latencyP99Ms)} ms | ${fixed(r.latencyMeanMs, 2)} / ${fixed(r.latencyP99Ms)} ms |`,
    );
  }
  return lines.join('\n');
}

function roundsTable(rows) {
  const lines = [
    '| Measurement | Target | req/s per round | CPU per request per round | Main thread busy per round |',
    '|---|---|---|---|---|',
  ];
  const perRound = (t, show) => t.rounds.map((x) => show(x) ?? 'n/a').join(', ');
  for (const row of rows)
    for (const t of [row.subject, row.reference])
      lines.push(
        `| ${row.measurement} | ${t.label} | ${perRound(t, (x) => fixed(x.rps))} | ${perRound(t, (x) => (x.cpuMicrosPerRequest == null ? null : `${fixed(x.cpuMicrosPerRequest)} us`))} | ${perRound(t, (x) => (x.mainThreadBusy == null ? null : percent(x.mainThreadBusy)))} |`,
      );
  return lines.join('\n');
}

function timingTable(rows) {
  const lines = [
    '| Measurement | Median | Min | Max | Median CPU time | Runs | Target | Result |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const t = row.timing;
    lines.push(
      `| ${row.measurement} | ${fixed(t.medianMs)} ms | ${fixed(t.minMs)} ms | ${fixed(t.maxMs)} ms | ${fixed(t.medianCpuMs)} ms | ${t.runs} | <= ${row.targetMs} ms | ${timingVerdict(row).text} |`,
    );
  }
  return lines.join('\n');
}

/** Prints the summary to stdout. */
export function printSummary(name, { throughput = [], timings = [] }) {
  const out = [`\n${name}`];
  for (const row of throughput) {
    const v = throughputVerdict(row);
    out.push(
      `  ${row.measurement}: clip ${fixed(row.subject.rps)} req/s, bare Koa ${fixed(row.reference.rps)} req/s, ratio ${percent(v.ratio)} (target ${targetText(row)}): ${v.text}; CPU per request ${micros(row.subject)} vs ${micros(row.reference)}${cpuRatio(row)}`,
    );
  }
  for (const row of timings)
    out.push(
      `  ${row.measurement}: median ${fixed(row.timing.medianMs)} ms, CPU ${fixed(row.timing.medianCpuMs)} ms (target <= ${row.targetMs} ms): ${timingVerdict(row).text}`,
    );
  process.stdout.write(`${out.join('\n')}\n`);
}

/**
 * Writes bench/results/<name>.md. `settings` is free text lines describing how it was measured;
 * `notes` are extra lines (for example what a shortfall is caused by).
 */
export function writeReport(
  name,
  { title, command, settings = [], throughput = [], timings = [], notes = [] },
) {
  const m = machineInfo();
  const parts = [
    `# ${title}`,
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${gitRevision()}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory, ${m.os}`,
    `- Node: ${m.node}; load generator: autocannon ${m.autocannon} in a separate process`,
    `- Load average (1 / 5 / 15 min) when the run ended: ${m.loadAverage}${m.overloaded ? ' (above the core count, other processes shared the CPUs and req/s ratios are less reliable than CPU per request)' : ''}`,
    `- Command: \`${command}\``,
    ...settings.map((s) => `- ${s}`),
    '',
  ];
  if (throughput.length)
    parts.push(
      '## Throughput (medians over rounds)',
      '',
      throughputTable(throughput),
      '',
      '### Rounds',
      '',
      roundsTable(throughput),
      '',
    );
  if (timings.length)
    parts.push(
      '## Wall time (median of runs; CPU time is user + system time of the command)',
      '',
      timingTable(timings),
      '',
    );
  if (notes.length) parts.push('## Notes', '', ...notes.map((n) => `- ${n}`), '');
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.md`);
  writeFileSync(file, parts.join('\n'));
  process.stdout.write(`  written to ${file}\n`);
  return file;
}
