// Lighthouse (performance, accessibility, best practices) on `/`, a text share view and `/upload`,
// served by the real server from a private copy of the web build, in Debian's Chromium. Also the
// initial JS of `/` gzipped. `npm run bench -- lighthouse`; settings from the environment (bench/run.mjs
// passes no options through):
//   LIGHTHOUSE_BUILD=1        build the working tree's web app with vite instead of copying packages/web/dist
//   LIGHTHOUSE_VARIANTS=a,b   device setups among mobile, desktop, calibrated (default: all three)
//   LIGHTHOUSE_RUNS=n         runs per page and setup (default 3)
//   LIGHTHOUSE_OUT=<dir>      also keep every Lighthouse JSON result and final screenshot there
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { adminAuth, createPaste } from './lib/clipApi.mjs';
import { initialJsSize } from './lib/initialJs.mjs';
import { pageMedians, TARGETS, writeLighthouseReport } from './lib/lighthouseReport.mjs';
import { CHROMIUM, calibratedSlowdown, runLighthouse, VARIANTS } from './lib/lighthouseRun.mjs';
import { ROOT } from './lib/paths.mjs';
import { startClip } from './lib/processes.mjs';
import { median } from './lib/stats.mjs';
import { prepareWebBuild } from './lib/webDist.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LIGHTHOUSE_RUNS must be a positive whole number`);
const OUT = process.env.LIGHTHOUSE_OUT;
const FRESH_BUILD = process.env.LIGHTHOUSE_BUILD === '1';
const variantNames = (process.env.LIGHTHOUSE_VARIANTS || 'mobile,desktop,calibrated').split(',');
for (const name of variantNames)
  if (!VARIANTS[name]) throw new Error(`unknown variant ${name}; known: ${Object.keys(VARIANTS).join(', ')}`);

// A share with what a real one has: headings, a list, a table and highlighted code.
const SHARE_CONTENT = `# Release notes 1.2

A **short** summary with \`inline code\` and a [link](https://example.com).

| Area | Change |
|---|---|
| Uploads | Resumable, faster |
| Sharing | Password and expiry |

\`\`\`ts
export function answer(question: string): number {
  return question.length > 0 ? 42 : 0;
}
\`\`\`

- Faster uploads
- Offline reading
`;

const chromiumVersion = () => {
  try {
    return execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return CHROMIUM;
  }
};

/** Saves one run's JSON and screenshot when LIGHTHOUSE_OUT is set. */
function keep(name, result) {
  if (!OUT) return;
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, `${name}.json`), JSON.stringify(result.lhr));
  if (result.screenshot)
    writeFileSync(join(OUT, `${name}.jpg`), Buffer.from(result.screenshot.split(',')[1], 'base64'));
}

/** Gzipped size of the scripts a page loaded, read from the served build (the server does not compress). */
function routeJs(label, runs, webDir) {
  const urls = runs[0].scriptUrls;
  let gzipBytes = 0;
  for (const url of urls) gzipBytes += gzipSync(readFileSync(join(webDir, new URL(url).pathname))).length;
  return {
    label,
    count: urls.length,
    transferBytes: median(runs.map((r) => r.scriptTransferBytes)),
    gzipBytes,
  };
}

/** Says when the server sent the scripts uncompressed, and what gzip would have saved on each page. */
function compressionNotes(pages, results, webDir) {
  return pages.flatMap((p) => {
    const js = routeJs(p.label, results.get(p.key), webDir);
    if (js.transferBytes < js.gzipBytes * 1.5) return [];
    return [
      `${p.label}: the server sent its ${js.count} scripts uncompressed (${(js.transferBytes / 1000).toFixed(1)} kB); gzipped they would be ${(js.gzipBytes / 1000).toFixed(1)} kB, and the simulated slow 4G link charges every byte.`,
    ];
  });
}

const startedAt = new Date().toISOString();
const web = prepareWebBuild({ fresh: FRESH_BUILD });
const loads = [];
let report;
try {
  const initialJs = initialJsSize(web.dir);
  process.stderr.write(
    `lighthouse: initial JS of / is ${(initialJs.gzipBytes / 1000).toFixed(1)} kB gzipped\n`,
  );
  const server = await startClip({ CLIP_WEB_DIR: web.dir });
  try {
    const share = await createPaste(server, await adminAuth(server), {
      content: SHARE_CONTENT,
      title: 'Release notes',
    });
    const pages = [
      { key: 'home', label: '`/`', url: `${server.url}/` },
      { key: 'share', label: '`/paste/<slug>` (text share)', url: `${server.url}/paste/${share.slug}` },
      { key: 'upload', label: '`/upload`', url: `${server.url}/upload` },
    ];
    const results = new Map(variantNames.map((v) => [v, new Map(pages.map((p) => [p.key, []]))]));
    const measure = async (variantName, page, round, options) => {
      loads.push(loadavg()[0]);
      const started = Date.now();
      const result = await runLighthouse(page.url, VARIANTS[variantName], options);
      if (result.runtimeError) throw new Error(`${page.url} (${variantName}): ${result.runtimeError}`);
      keep(`${variantName}-${page.key}-${round}`, result);
      delete result.lhr;
      results.get(variantName).get(page.key).push(result);
      const s = result.scores;
      process.stderr.write(
        `  ${variantName} ${page.key} run ${round}: perf ${s.performance}, a11y ${s.accessibility}, bp ${s['best-practices']} (${((Date.now() - started) / 1000).toFixed(0)} s, load ${loads.at(-1).toFixed(1)})\n`,
      );
    };
    const plain = variantNames.filter((v) => !VARIANTS[v].calibrated);
    for (let round = 1; round <= RUNS; round++)
      for (const v of plain) for (const page of pages) await measure(v, page, round);
    // The calibrated setup needs the host's BenchmarkIndex, which the runs above measured.
    let slowdown;
    if (variantNames.includes('calibrated')) {
      const measured = [...results.values()]
        .flatMap((m) => [...m.values()].flat())
        .map((r) => r.benchmarkIndex);
      const index = measured.length ? median(measured) : 1000;
      slowdown = calibratedSlowdown(index);
      process.stderr.write(
        `  host BenchmarkIndex ${index.toFixed(0)}: calibrated CPU slowdown ${slowdown}x\n`,
      );
      for (let round = 1; round <= RUNS; round++)
        for (const page of pages) await measure('calibrated', page, round, { cpuSlowdown: slowdown });
    }
    const variants = variantNames.map((v) => ({
      label: v === 'calibrated' ? `${VARIANTS[v].label} (${slowdown}x)` : VARIANTS[v].label,
      pages: pages.map((p) => ({ label: p.label, medians: pageMedians(results.get(v).get(p.key)) })),
    }));
    const jsVariant = results.get(variantNames[0]);
    report = {
      command: `${['LIGHTHOUSE_BUILD', 'LIGHTHOUSE_VARIANTS', 'LIGHTHOUSE_RUNS']
        .filter((k) => process.env[k])
        .map((k) => `${k}=${process.env[k]} `)
        .join('')}npm run bench -- lighthouse`,
      webSource: web.source,
      lighthouseVersion: JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'))
        .version,
      browser: chromiumVersion(),
      runs: RUNS,
      loads,
      startedAt,
      variants,
      initialJs,
      routeJs: pages.map((p) => routeJs(p.label, jsVariant.get(p.key), web.dir)),
      notes: [
        ...compressionNotes(pages, jsVariant, web.dir),
        'Pages are audited as a first-time visitor sees them: a fresh profile, signed out, no service worker yet.',
        `Calibrated setup: CPU slowdown = max(1, host BenchmarkIndex / 264), 264 being the BenchmarkIndex of the phone Lighthouse emulates (the figure Chrome DevTools calibrates to). The default 4x assumes a host near 1000 or more; on a slower or loaded host the default setup charges the app for the machine.`,
        `Targets: performance >= ${TARGETS.performance}, accessibility >= ${TARGETS.accessibility}, initial JS <= ${TARGETS.initialJsGzipBytes / 1000} kB gzipped (kB = 1000 bytes). Best practices has no target and is recorded.`,
      ],
    };
  } finally {
    await server.stop();
  }
} finally {
  web.remove();
}

const file = writeLighthouseReport(report);
for (const v of report.variants)
  for (const p of v.pages)
    process.stdout.write(
      `  ${v.label}, ${p.label}: performance ${p.medians.scores.performance}, accessibility ${p.medians.scores.accessibility}, best practices ${p.medians.scores['best-practices']}\n`,
    );
process.stdout.write(
  `  initial JS ${(report.initialJs.gzipBytes / 1000).toFixed(1)} kB gzipped\n  written to ${file}\n`,
);
