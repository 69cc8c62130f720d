// Uploads from the browser (issue 34 item 4), each against the CLI doing the same in the same run:
//  (a) a 1 GiB file put into the mount explorer's upload input (a local mount) vs `clip put` of it
//      into the same mount (target >= 80%);
//  (b) the same file through the upload page (a file share in the default storage) vs `clip upload`
//      (target >= 80%);
//  (c) a folder of 200 small files (4-64 KiB) through the explorer's folder input vs `clip put` of
//      the folder (target >= 80%).
// The browser's time runs from handing the files to the page until the page shows them complete. The
// tab's memory is sampled during (a) and (b): its JS heap and the renderer's RSS, which must stay far
// below the file's size (no whole-file buffers). Rounds alternate browser and CLI; medians.
// Chromium's ceiling is measured in the same rounds: the same file sent from a page to a bare Node sink
// that drops the bytes (lib/uploadSink.mjs), in the shapes clip's pages use (lib/ceilingShapes.mjs), so
// the report tells what any server could get from this Chromium here, and what clip adds over it.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, signedInPage, watchTabMemory } from './lib/browserTab.mjs';
import { ceilingLines } from './lib/ceilingReport.mjs';
import { ceilingShapes, sendInPage } from './lib/ceilingShapes.mjs';
import { adminAuth, apiCall as callOnce } from './lib/clipApi.mjs';
import { cpuMs } from './lib/cpuTime.mjs';
import { CLIP_BIN } from './lib/paths.mjs';
import { startClip } from './lib/processes.mjs';
import { mebibytes } from './lib/rss.mjs';
import { median } from './lib/stats.mjs';
import { printRows, resultLines, runLines, summarize, writeTransferReport } from './lib/transferReport.mjs';
import { log, RUNS, run, SIZE } from './lib/transferRuns.mjs';
import { allowUploadsOf, MIB, mountLocalDir, writeRandomFile } from './lib/uploadSetup.mjs';
import { startUploadSink } from './lib/uploadSink.mjs';
import { prepareWebBuild } from './lib/webDist.mjs';

const SMALL_FILES = Number(process.env.BENCH_SMALL_FILES ?? 200);
const TARGET = 0.8;
/** How long the page may take to show an upload complete before the run counts as failed. */
const UI_TIMEOUT_MS = 15 * 60_000;

/**
 * The bench's own API calls, tried again once when the server closed an idle kept-alive connection just
 * as the call reused it (a long upload leaves the connection idle past the server's keep-alive timeout).
 */
async function apiCall(url, options) {
  try {
    return await callOnce(url, options);
  } catch (err) {
    if (err?.cause?.code !== 'UND_ERR_SOCKET') throw err;
    return callOnce(url, options);
  }
}

const loadAtStart = loadavg()[0];
const work = await mkdtemp(join(tmpdir(), 'clip-bench-browser-upload-'));
const file = join(work, 'big-1g.bin');
log(`browser-upload: writing ${SIZE / MIB} MiB of random bytes to ${file}`);
await writeRandomFile(file, SIZE);
const small = join(work, 'small');
await mkdir(small);
let smallBytes = 0;
for (let i = 0; i < SMALL_FILES; i++) {
  // 4 to 64 KiB, spread evenly so every run sends the same bytes.
  const size = (4 + ((i * 37) % 61)) * 1024;
  smallBytes += size;
  await writeFile(join(small, `small-${String(i).padStart(3, '0')}.bin`), randomBytes(size));
}

const web = prepareWebBuild({ fresh: process.env.BENCH_WEB_DIST !== '1' });
const clip = await startClip({ CLIP_WEB_DIR: web.dir });
const ceilings = ceilingShapes(process.env.BENCH_CEILING);
let browser;
let sink;
try {
  sink = await startUploadSink();
  const auth = await adminAuth(clip);
  const token = auth.slice('Bearer '.length);
  await allowUploadsOf(clip, auth, SIZE);
  await mountLocalDir(clip, auth, join(work, 'mounted'), '/loc');
  const cliEnv = {
    ...process.env,
    HOME: join(work, 'home'),
    XDG_CONFIG_HOME: join(work, 'home', 'config'),
    CLIP_SERVER: clip.url,
    CLIP_TOKEN: token,
  };
  const removePath = (path) =>
    apiCall(`${clip.url}/api/admin/fs/remove?path=${encodeURIComponent(path)}`, { method: 'DELETE', auth });
  const mkdirPath = (path) =>
    apiCall(`${clip.url}/api/admin/fs/mkdir`, { method: 'POST', auth, body: { path } });
  const removeShares = async () => {
    const { items } = await apiCall(`${clip.url}/api/admin/files?limit=100`, { auth });
    for (const share of items)
      await apiCall(`${clip.url}/api/admin/files/${share.id}`, { method: 'DELETE', auth });
  };
  browser = await launchChromium();
  const memory = {
    explorer: [],
    uploadPage: [],
    folder: [],
    ...Object.fromEntries(ceilings.map((c) => [c.key, []])),
  };
  /** CPU seconds of the client (the CLI command, or each kind of Chromium process) per run, by side. */
  const clientCpu = {};
  const noteClientCpu = (key, seconds) => {
    clientCpu[key] = [...(clientCpu[key] ?? []), seconds];
  };
  const cli = (label, args, after) => ({
    label,
    run: async (_r, key) => {
      const result = await run(label, CLIP_BIN, args, { env: cliEnv });
      noteClientCpu(key, { clip: result.cpuMs / 1000 });
      await after();
      return result.ms;
    },
  });
  /** A browser side's upload, with the tab's memory and Chromium's CPU time noted. */
  const watched = async (page, key, upload) => {
    const w = await watchTabMemory(browser, page, upload);
    memory[key].push(w);
    noteClientCpu(key, w.cpu);
    return w.result;
  };

  /** The explorer at an empty folder of /loc, its input given `paths`; ms until `done` holds. */
  const explorerRun = async (key, folder, input, paths, completed) => {
    await mkdirPath(folder);
    const page = await signedInPage(browser, clip.url, token);
    try {
      await page.goto(`/mount-explorer${folder}`);
      await page.getByTestId('explorer-empty').waitFor();
      const upload = async () => {
        const started = performance.now();
        await page.getByTestId(input).setInputFiles(paths);
        await page.waitForFunction(
          (n) => document.querySelectorAll('[data-task-kind="upload"][data-status="completed"]').length >= n,
          completed,
          { polling: 100, timeout: UI_TIMEOUT_MS },
        );
        return performance.now() - started;
      };
      return await watched(page, key, upload);
    } finally {
      await page.context().close();
      await removePath(folder);
    }
  };

  const uploadPageRun = async () => {
    const page = await signedInPage(browser, clip.url, token);
    try {
      await page.goto('/upload');
      // Files picked before the server's size limit shows are judged by the fallback (100 MiB).
      await page.getByText(/^Up to (?!100(\.0+)? MiB)[\d.]+ [KMG]iB per file\.$/).waitFor();
      await page.getByLabel('Choose files').setInputFiles(file);
      const upload = page.getByRole('button', { name: 'Upload', exact: true });
      return await watched(page, 'uploadPage', async () => {
        const started = performance.now();
        await upload.click();
        await page.locator('.upload-item[data-status="success"]').waitFor({ timeout: UI_TIMEOUT_MS });
        return performance.now() - started;
      });
    } finally {
      await page.context().close();
      await removeShares();
    }
  };

  const sides = {
    explorer: {
      label: 'explorer upload input',
      run: (r) => explorerRun('explorer', `/loc/browser-${r}`, 'upload-input', file, 1),
    },
    put: cli('clip put', ['put', file, '/loc/cli'], () => removePath('/loc/cli')),
    uploadPage: { label: 'upload page', run: uploadPageRun },
    upload: cli('clip upload', ['upload', file], removeShares),
    folder: {
      label: 'explorer folder input',
      run: (r) => explorerRun('folder', `/loc/folder-${r}`, 'upload-folder-input', small, SMALL_FILES),
    },
    putFolder: cli('clip put (folder)', ['put', small, '/loc/cli-folder'], () =>
      removePath('/loc/cli-folder'),
    ),
  };
  /** The same file sent from a page of the sink's own origin in one of clip's shapes; ms of the sending. */
  const ceilingRun = async (ceiling) => {
    const context = await browser.newContext({ baseURL: sink.url });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByLabel('File to send').setInputFiles(file);
      return await watched(page, ceiling.key, async () => {
        const started = performance.now();
        const received = await page.evaluate(sendInPage, ceiling);
        const ms = performance.now() - started;
        if (received < SIZE) throw new Error(`${ceiling.label}: the sink got ${received} of ${SIZE} bytes`);
        return ms;
      });
    } finally {
      await context.close();
    }
  };
  for (const c of ceilings) sides[c.key] = { label: `ceiling: ${c.label}`, run: () => ceilingRun(c) };
  const measurements = [
    [`(a) ${SIZE / MIB} MiB into a local mount: explorer vs clip put`, 'explorer', 'put', SIZE],
    [`(b) ${SIZE / MIB} MiB file share: upload page vs clip upload`, 'uploadPage', 'upload', SIZE],
    [
      `(c) ${SMALL_FILES} small files into a local mount: explorer folder vs clip put`,
      'folder',
      'putFolder',
      smallBytes,
    ],
  ];
  // BENCH_ONLY=a,c runs only those measurements (for finding where the time goes; reports need all).
  const only = process.env.BENCH_ONLY?.split(',');
  if (only) measurements.splice(0, 3, ...measurements.filter((m) => only.includes(m[0][1])));
  // The ceiling is measurement (d): BENCH_ONLY without d leaves it out.
  if (only && !only.includes('d')) ceilings.splice(0);
  const times = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
  const serverCpu = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
  const measure = async (key, r) => {
    execFileSync('sync');
    // The receiving side's CPU: clip's server, or the sink for a ceiling run.
    const pid = key.startsWith('ceil-') ? sink.pid : clip.pid;
    const serverBefore = cpuMs(pid);
    const ms = await sides[key].run(r, key);
    serverCpu[key].push((cpuMs(pid) - serverBefore) / 1000);
    if (!sides[key].label.startsWith('clip')) log(`    ${sides[key].label}: ${(ms / 1000).toFixed(2)} s`);
    times[key].push(ms);
  };
  for (let r = 0; r < RUNS; r++) {
    for (const [title, browserSide, cliSide] of measurements) {
      log(`  round ${r + 1}: ${title}`);
      for (const key of r % 2 ? [cliSide, browserSide] : [browserSide, cliSide]) await measure(key, r);
    }
    if (ceilings.length > 0) log(`  round ${r + 1}: (d) Chromium's ceiling, a bare sink`);
    // Each round starts the shapes at a different one, so none always runs first.
    for (let i = 0; i < ceilings.length; i++) await measure(ceilings[(i + r) % ceilings.length].key, r);
  }
  const rows = measurements.map(([measurement, browserSide, cliSide, bytes]) => ({
    measurement,
    subjectLabel: sides[browserSide].label,
    referenceLabel: sides[cliSide].label,
    subject: summarize(times[browserSide], bytes),
    reference: summarize(times[cliSide], bytes),
    targetRatio: TARGET,
  }));
  const memoryLine = (key, label) => {
    const runs = memory[key];
    const most = (k) => mebibytes(Math.max(...runs.map((m) => m.highest[k])));
    const med = (k) => mebibytes(median(runs.map((m) => m.before[k])));
    return `${label}: highest JS heap used ${most('heap')} (before ${med('heap')}), highest renderer RSS ${most('renderer')} (before ${med('renderer')}), highest network service RSS ${most('network')}`;
  };
  const cpuLine = (key) => {
    const kinds = [...new Set(clientCpu[key].flatMap((c) => Object.keys(c)))];
    const client = kinds
      .map((k) => [k, median(clientCpu[key].map((c) => c[k] ?? 0))])
      .filter(([, s]) => s >= 0.05)
      .sort((a, b) => b[1] - a[1])
      .map(([k, s]) => `${k} ${s.toFixed(1)} s`)
      .join(', ');
    const receiver = key.startsWith('ceil-') ? 'sink' : 'server';
    return `${sides[key].label}: ${receiver} ${median(serverCpu[key]).toFixed(1)} s; client ${client}`;
  };
  const cpuLines = Object.keys(clientCpu).map(cpuLine);
  const memoryLines = [
    ['explorer', '(a) explorer'],
    ['uploadPage', '(b) upload page'],
    ['folder', '(c) explorer folder'],
    ...ceilings.map((c) => [c.key, `(d) ceiling, ${c.label}`]),
  ]
    .filter(([key]) => memory[key].length > 0)
    .map(([key, label]) => memoryLine(key, label));
  const ceilingTable = ceilingLines({
    ceilings,
    times,
    bytes: SIZE,
    pages: [
      { label: '(a) explorer upload input', key: 'explorer', shapeKey: 'ceil-parts-16x6' },
      { label: '(b) upload page', key: 'uploadPage', shapeKey: 'ceil-form' },
    ],
    clis: [
      { label: 'clip put', key: 'put' },
      { label: 'clip upload', key: 'upload' },
    ],
  });
  printRows('browser-upload', rows, [...memoryLines, ...cpuLines, ...ceilingTable]);
  writeTransferReport('browser-upload', {
    title: 'Benchmark: uploads from the browser vs the CLI to the same target',
    command: 'npm run bench -- browser-upload',
    settings: [
      `Files: ${SIZE / MIB} MiB of random bytes; a folder of ${SMALL_FILES} random files of 4 to 64 KiB (${(smallBytes / MIB).toFixed(1)} MiB in all); all in the OS temp dir`,
      `Rounds: ${RUNS}, browser and CLI alternating within each measurement; medians reported; what each run stored is removed after it`,
      'clip: the server as `npm start` runs it (its bundle), SQLite, CLIP_LOG_LEVEL=warn, the web app a fresh `vite build` of the working tree; /loc mounts a local directory on the same disk; the upload page stores into the default storage (local)',
      "Browser: Chromium (/usr/bin/chromium) headless through playwright-core, a fresh signed-in context per run; the files go in by setInputFiles on the explorer's upload input (a), folder input (c), or the upload page's file input then a click on Upload (b); the time ends when the page shows every upload completed (task manager rows, upload list status)",
      `Ceiling shapes (BENCH_CEILING): ${ceilings.map((c) => c.label).join('; ') || 'none'}`,
      'CLI: `bin/clip put FILE /loc/cli`, `bin/clip upload FILE`, `bin/clip put FOLDER /loc/cli-folder`, whole commands (process start included), stdout a pipe',
      "Memory: sampled every 100 ms during each browser run: the page's JSHeapUsedSize (CDP Performance.getMetrics) and the RSS (/proc) of the largest renderer process and of the network service",
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (a shared 2-core machine; other work moves these figures)`,
    ],
    sections: [
      { title: 'Results (median wall time)', lines: resultLines(rows) },
      ...(ceilingTable.length > 0
        ? [
            {
              title: `Chromium's ceiling: the same ${SIZE / MIB} MiB from a page to a bare Node sink, same rounds`,
              lines: [
                "A Node HTTP server in its own process on 127.0.0.1 that reads and drops each body (bench/lib/uploadSink.mjs); the page is the sink's own origin, the file goes in by setInputFiles, the time is the sending alone (bench/lib/ceilingShapes.mjs). First table: each shape against the CLI (can any server reach 80% of it from this Chromium?); second: clip's pages against the sink in the shape they send.",
                '',
                ...ceilingTable,
              ],
            },
          ]
        : []),
      {
        title: "The tab's memory during the uploads",
        lines: memoryLines.map((l) => `- ${l}`),
      },
      {
        title:
          'Where the CPU goes (user + system seconds per run, medians; the server also spends the post-upload listing reads)',
        lines: cpuLines.map((l) => `- ${l}`),
      },
      { title: 'Runs', lines: runLines(rows) },
    ],
  });
} finally {
  await browser?.close();
  await sink?.stop();
  await clip.stop();
  web.remove();
  await rm(work, { recursive: true, force: true });
}
