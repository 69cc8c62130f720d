// Writes bench/results/lighthouse.md: medians per page and device setup, the audits that cost points
// where a category is under target, the initial JS, and pass/shortfall against the targets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitRevision, machineInfo } from './machine.mjs';
import { RESULTS_DIR } from './paths.mjs';
import { median } from './stats.mjs';

export const TARGETS = { performance: 95, accessibility: 95, initialJsGzipBytes: 200_000 };
const CATEGORY_TITLES = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
};

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (n) => `${Math.round(n)} ms`;

/** Medians of a page's runs, and for each category the run whose score is that category's median. */
export function pageMedians(runs) {
  const medianRun = (category) => {
    const sorted = [...runs].sort((a, b) => a.scores[category] - b.scores[category]);
    return sorted[(sorted.length - 1) >> 1];
  };
  const of = (pick) => median(runs.map(pick));
  return {
    runs: runs.length,
    scores: Object.fromEntries(Object.keys(CATEGORY_TITLES).map((c) => [c, of((r) => r.scores[c])])),
    perRun: Object.fromEntries(Object.keys(CATEGORY_TITLES).map((c) => [c, runs.map((r) => r.scores[c])])),
    failing: Object.fromEntries(Object.keys(CATEGORY_TITLES).map((c) => [c, medianRun(c).failing[c]])),
    metrics: Object.fromEntries(Object.keys(runs[0].metrics).map((k) => [k, of((r) => r.metrics[k])])),
    scriptTransferBytes: of((r) => r.scriptTransferBytes),
    benchmarkIndex: of((r) => r.benchmarkIndex),
    cpuSlowdown: runs[0].cpuSlowdown,
    warnings: [...new Set(runs.flatMap((r) => r.runWarnings))],
  };
}

const verdict = (value, target) =>
  value >= target ? 'pass' : `shortfall: ${target - value} below ${target}`;

function scoresTable(variants) {
  const lines = [
    '| Setup | Page | Performance | Accessibility | Best practices | Runs (perf / a11y / bp) | FCP | LCP | TBT | CLS | Speed Index | Script bytes transferred | Host BenchmarkIndex | CPU slowdown |',
    '|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const v of variants)
    for (const p of v.pages) {
      const m = p.medians;
      const perRun = Object.keys(CATEGORY_TITLES)
        .map((c) => m.perRun[c].join(', '))
        .join(' / ');
      lines.push(
        `| ${v.label} | ${p.label} | ${m.scores.performance} | ${m.scores.accessibility} | ${m.scores['best-practices']} | ${perRun} | ${ms(m.metrics.fcpMs)} | ${ms(m.metrics.lcpMs)} | ${ms(m.metrics.tbtMs)} | ${m.metrics.cls.toFixed(3)} | ${ms(m.metrics.speedIndexMs)} | ${kB(m.scriptTransferBytes)} | ${Math.round(m.benchmarkIndex)} | ${m.cpuSlowdown}x |`,
      );
    }
  return lines.join('\n');
}

function verdictTable(variants, initialJs) {
  const lines = ['| Target | Setup | Page | Median | Result |', '|---|---|---|---:|---|'];
  for (const v of variants)
    for (const p of v.pages)
      for (const c of ['performance', 'accessibility'])
        lines.push(
          `| ${CATEGORY_TITLES[c]} >= ${TARGETS[c]} | ${v.label} | ${p.label} | ${p.medians.scores[c]} | ${verdict(p.medians.scores[c], TARGETS[c])} |`,
        );
  const js = initialJs.gzipBytes;
  lines.push(
    `| Initial JS <= ${kB(TARGETS.initialJsGzipBytes)} gzipped | build | \`/\` (index.html) | ${kB(js)} | ${js <= TARGETS.initialJsGzipBytes ? 'pass' : `shortfall: ${kB(js - TARGETS.initialJsGzipBytes)} over`} |`,
  );
  return lines.join('\n');
}

function failingSection(variants) {
  const out = [];
  for (const v of variants)
    for (const p of v.pages)
      for (const c of Object.keys(CATEGORY_TITLES)) {
        if (p.medians.scores[c] >= 95) continue;
        out.push(
          `### ${v.label}, ${p.label}: ${CATEGORY_TITLES[c]} ${p.medians.scores[c]} (from the median run)`,
          '',
        );
        const audits = p.medians.failing[c];
        if (!audits.length) out.push('- no single audit below its passing score', '');
        for (const a of audits)
          out.push(
            `- \`${a.id}\` ${a.title}: score ${a.score}${a.weight ? `, weight ${a.weight}` : ''}${a.displayValue ? `, ${a.displayValue}` : ''}`,
          );
        out.push('');
      }
  return out.length ? out : ['No category is under 95.', ''];
}

function initialJsSection(initialJs, routeJs) {
  const lines = [
    `Every \`<script>\` and \`<link rel="modulepreload">\` of the built index.html, each gzipped with zlib at its default level: **${kB(initialJs.gzipBytes)}** gzipped (${kB(initialJs.rawBytes)} raw, ${initialJs.files.length} files).`,
    '',
    '| File | Kind | Raw | Gzipped |',
    '|---|---|---:|---:|',
    ...initialJs.files.map((f) => `| ${f.name} | ${f.kind} | ${kB(f.rawBytes)} | ${kB(f.gzipBytes)} |`),
    '',
    'All the JavaScript each page loaded in the mobile runs (initial scripts plus the lazy chunks its route pulls in), as Lighthouse saw it transferred, and what the same files weigh gzipped:',
    '',
    '| Page | Scripts | Transferred | Gzipped (zlib default) |',
    '|---|---:|---:|---:|',
    ...routeJs.map((r) => `| ${r.label} | ${r.count} | ${kB(r.transferBytes)} | ${kB(r.gzipBytes)} |`),
    '',
  ];
  return lines;
}

/** `run`: { command, webSource, runs, loads: [1-min load before each run], startedAt, variants, initialJs, routeJs, notes }. */
export function writeLighthouseReport(run) {
  const m = machineInfo();
  const loads = run.loads;
  const parts = [
    '# Benchmark: Lighthouse on the web app',
    '',
    `- Date: ${new Date().toISOString()} (started ${run.startedAt})`,
    `- Commit: ${gitRevision()}; web app: ${run.webSource}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory, ${m.os}`,
    `- Node: ${m.node}; Lighthouse ${run.lighthouseVersion}; ${run.browser} (Debian's, headless, a fresh profile per run)`,
    `- Load average (1 min) before each run: min ${Math.min(...loads).toFixed(2)}, median ${median(loads).toFixed(2)}, max ${Math.max(...loads).toFixed(2)}; when the run ended (1 / 5 / 15 min): ${m.loadAverage}`,
    `- Command: \`${run.command}\``,
    `- ${run.runs} runs per page and setup, interleaved (every page and setup once per round); the tables give medians`,
    "- Throttling: simulated (Lighthouse's lantern model over an unthrottled load on 127.0.0.1); the server runs the server as `npm start` runs it (its bundle, ADR 0023) with SQLite in a temp dir and a text share made through the API",
    '',
    '## Against the targets',
    '',
    verdictTable(run.variants, run.initialJs),
    '',
    '## Scores and metrics (medians)',
    '',
    scoresTable(run.variants),
    '',
    '## Audits that cost points in categories under 95',
    '',
    ...failingSection(run.variants),
    '## Initial JavaScript',
    '',
    ...initialJsSection(run.initialJs, run.routeJs),
  ];
  if (run.notes.length) parts.push('## Notes', '', ...run.notes.map((n) => `- ${n}`), '');
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, 'lighthouse.md');
  writeFileSync(file, parts.join('\n'));
  return file;
}
