// The ZIP of a path share (issue 29): a 1 GiB folder on a local mount streamed by the server as
// `GET /api/public/s/{slug}/zip`, fetched by curl (a second process) into a file, against `zip -r -0`
// (stored, like the server's entries) of the same tree into a file on the same disk. Alternating runs;
// medians; the server's RSS sampled every 50 ms during its runs (the stream must stay near its idle RSS).
import { execFileSync } from 'node:child_process';
import { mkdir, rm, stat } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { adminAuth, apiCall } from './lib/clipApi.mjs';
import { startClip } from './lib/processes.mjs';
import { mebibytes, watchRss } from './lib/rss.mjs';
import { timedRun } from './lib/timing.mjs';
import { printRows, resultLines, runLines, summarize, writeTransferReport } from './lib/transferReport.mjs';
import { MIB, writeRandomFile } from './lib/uploadSetup.mjs';

const SIZE_MIB = Number(process.env.BENCH_ZIP_MIB ?? 1024);
const RUNS = Number(process.env.BENCH_ZIP_RUNS ?? 3);
/** The server's RSS may grow this much over its idle RSS while it streams (the issue: "under its usual RSS"). */
const RSS_GROWTH_LIMIT = 64 * MIB;
const log = (line) => process.stderr.write(`${line}\n`);

/** Half the bytes in 8 files at the top, half in 16 files two folders down, and a few Unicode names. */
async function writeTree(root) {
  const big = (SIZE_MIB / 2 / 8) * MIB;
  const small = (SIZE_MIB / 2 / 16) * MIB;
  await mkdir(join(root, 'raw', 'day 2'), { recursive: true });
  await mkdir(join(root, '照片'), { recursive: true });
  for (let i = 0; i < 8; i++) await writeRandomFile(join(root, `video-${i}.bin`), big);
  for (let i = 0; i < 16; i++) await writeRandomFile(join(root, 'raw', 'day 2', `frame-${i}.bin`), small);
  for (const name of ['海边.txt', 'café.txt']) await writeRandomFile(join(root, '照片', name), 4096);
}

const loadAtStart = loadavg()[0];
const clip = await startClip();
try {
  const auth = await adminAuth(clip);
  // The storage root lives in the server's data dir; the tree is written there directly.
  const storageRoot = join(clip.dataDir, 'zip-bench');
  const tree = join(storageRoot, 'holiday');
  log(`path-share-zip: writing a ${SIZE_MIB} MiB tree of random bytes to ${tree}`);
  await writeTree(tree);
  const config = await apiCall(`${clip.url}/api/s3-configs`, {
    method: 'POST',
    auth,
    body: { name: 'zip bench', provider_type: 'local', root_path: 'zip-bench' },
  });
  await apiCall(`${clip.url}/api/admin/mounts`, {
    method: 'POST',
    auth,
    body: { name: 'zip bench', mount_path: '/bench', storage_type: 'local', storage_config_id: config.id },
  });
  await apiCall(`${clip.url}/api/admin/system-settings`, {
    method: 'PUT',
    auth,
    body: { max_zip_size: SIZE_MIB * 2 },
  });
  const share = await apiCall(`${clip.url}/api/admin/path-shares`, {
    method: 'POST',
    auth,
    body: { path: '/bench/holiday' },
  });
  // A visitor's visit: the token opens the ZIP for an hour and counts no further view.
  const visit = await apiCall(`${clip.url}/api/public/s/${share.slug}`);
  const zipUrl = `${clip.url}/api/public/s/${share.slug}/zip?token=${encodeURIComponent(visit.token)}`;

  const out = join(clip.dataDir, 'out');
  await mkdir(out, { recursive: true });
  const times = { clip: [], zip: [] };
  const sizes = { clip: 0, zip: 0 };
  const rss = [];
  const idleRss = [];
  for (let r = 0; r < RUNS; r++) {
    const order = r % 2 ? ['zip', 'clip'] : ['clip', 'zip'];
    for (const side of order) {
      execFileSync('sync');
      const file = join(out, `${side}-${r}.zip`);
      if (side === 'clip') {
        const watched = await watchRss(clip.pid, () =>
          timedRun('clip zip (curl)', 'curl', ['-sS', '--fail', '-o', file, zipUrl]),
        );
        times.clip.push(watched.result.ms);
        rss.push(watched.highest);
        idleRss.push(watched.before);
      } else {
        const result = await timedRun('zip -r -0', 'zip', ['-r', '-0', '-q', file, 'holiday'], {
          cwd: storageRoot,
        });
        times.zip.push(result.ms);
      }
      sizes[side] = (await stat(file)).size;
      await rm(file);
    }
  }
  // Both archives hold the same bytes: the throughput is of the tree's size.
  const bytes = SIZE_MIB * MIB;
  const rows = [
    {
      measurement: `ZIP of a ${SIZE_MIB} MiB folder: clip's stream (path share, local mount) vs zip -r -0 on local disk`,
      subjectLabel: 'clip',
      referenceLabel: 'zip -r -0',
      subject: summarize(times.clip, bytes),
      reference: summarize(times.zip, bytes),
    },
  ];
  const highest = Math.max(...rss);
  const idle = Math.min(...idleRss);
  const rssLine = `server RSS sampled every 50 ms during the ZIP runs: idle before ${mebibytes(idle)}, highest ${mebibytes(highest)} (growth ${mebibytes(highest - idle)}, limit ${mebibytes(RSS_GROWTH_LIMIT)}): ${highest - idle <= RSS_GROWTH_LIMIT ? 'pass' : 'shortfall'}`;
  const sizeLine = `archive sizes: clip ${sizes.clip} B, zip -r -0 ${sizes.zip} B`;
  printRows('path-share-zip', rows, [rssLine, sizeLine]);
  // `zip -v` with a pipe on stdin would read an archive from it: no stdin.
  const zipVersion = execFileSync('zip', ['-v'], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  writeTransferReport('path-share-zip', {
    title: `Benchmark: a path share's ZIP of a ${SIZE_MIB} MiB folder vs zip -r`,
    command: 'npm run bench -- path-share-zip',
    settings: [
      `Tree: ${SIZE_MIB} MiB of random bytes: 8 files at the top, 16 two folders down, two small files with Unicode names`,
      `Runs: ${RUNS} per side, alternating; medians reported; each archive removed before the next`,
      'clip: the server as `npm start` runs it, SQLite, a local storage config mounted at /bench; the ZIP fetched by `curl -o FILE` (a second process) with the token of one visit; entries stored (no compression), UTF-8 names, ZIP64 when needed (yazl)',
      `Reference: ${
        zipVersion
          .split('\n')
          .find((l) => /This is Zip/.test(l))
          ?.trim() ?? 'zip'
      }, \`zip -r -0 -q\` (stored, as clip's entries) of the same tree into a file on the same disk`,
      `Load average (1 min) at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (a shared 2-core machine)`,
    ],
    sections: [
      {
        title: 'Results (median wall time)',
        lines: [...resultLines(rows), '', `- ${rssLine}`, `- ${sizeLine}`],
      },
      { title: 'Runs', lines: runLines(rows) },
    ],
  });
} finally {
  await clip.stop();
}
