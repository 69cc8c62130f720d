// A 1 GiB file through `fs.upload` (resumable multipart through the server) into a mount, against a
// reference measured in the same run: (a) an s3rver mount vs `aws s3 cp` to the same s3rver (target
// >= 90%); (b) a local mount vs `cp` of the same file on the same disk (ratio reported). The server's
// RSS is sampled during each upload (target < 200 MiB). Runs alternate subject and reference.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAuth, apiCall } from './lib/clipApi.mjs';
import { cpuMs } from './lib/cpuTime.mjs';
import { BENCH_DIR, node24 } from './lib/paths.mjs';
import { serverNodeFlags, startClip } from './lib/processes.mjs';
import { mebibytes, watchRss } from './lib/rss.mjs';
import { median } from './lib/stats.mjs';
import { printRows, resultLines, runLines, writeTransferReport } from './lib/transferReport.mjs';
import { awsCpSide, awsVersion, compare, cpSide, log, RUNS, run, SIZE } from './lib/transferRuns.mjs';
import { MIB, prepareClip, startS3rverProcess, writeRandomFile } from './lib/uploadSetup.mjs';

const RSS_LIMIT = 200 * MIB;

const loadAtStart = loadavg()[0];
const work = await mkdtemp(join(tmpdir(), 'clip-bench-fsupload-'));
const file = join(work, 'upload-1g.bin');
log(`fs-upload: writing ${SIZE / MIB} MiB of random bytes to ${file}`);
await writeRandomFile(file, SIZE);

const clip = await startClip();
let s3;
try {
  s3 = await startS3rverProcess();
  const auth = await adminAuth(clip);
  const s3ConfigId = await prepareClip(clip, auth, s3, Math.ceil((SIZE * 2) / MIB));
  const localRoot = join(work, 'mounted');
  await mkdir(localRoot);
  const local = await apiCall(`${clip.url}/api/s3-configs`, {
    method: 'POST',
    auth,
    body: { name: 'bench local', provider_type: 'local', root_path: localRoot },
  });
  for (const [path, type, id] of [
    ['/s3', 's3', s3ConfigId],
    ['/loc', 'local', local.id],
  ])
    await apiCall(`${clip.url}/api/admin/mounts`, {
      method: 'POST',
      auth,
      body: { name: `bench ${type}`, mount_path: path, storage_type: type, storage_config_id: id },
    });
  const token = auth.slice('Bearer '.length);
  const rss = [];
  const cpu = [];
  const sdkMemory = [];

  const fsUpload = (folder, targetRatio) => ({
    label: `fs.upload (multipart) into ${folder}`,
    targetRatio,
    run: async (r) => {
      const spec = {
        server: clip.url,
        token,
        path: file,
        folder,
        filename: `fs-${r}.bin`,
        mode: 'multipart',
      };
      const cpuBefore = { clip: cpuMs(clip.pid), s3rver: cpuMs(s3.pid) };
      const watched = await watchRss(clip.pid, () =>
        run(`fs.upload ${folder}`, node24(), [
          '--disable-warning=ExperimentalWarning',
          join(BENCH_DIR, 'lib/sdkFsUpload.mjs'),
          JSON.stringify(spec),
        ]),
      );
      rss.push({ folder, before: watched.before, highest: watched.highest });
      cpu.push({
        folder,
        clip: cpuMs(clip.pid) - cpuBefore.clip,
        s3rver: cpuMs(s3.pid) - cpuBefore.s3rver,
        client: JSON.parse(watched.result.stdout).cpuMs,
      });
      const out = JSON.parse(watched.result.stdout);
      if (out.size !== SIZE) throw new Error(`fs.upload stored ${out.size} bytes`);
      sdkMemory.push(out.maxRssBytes);
      await apiCall(`${clip.url}/api/admin/fs/remove?path=${encodeURIComponent(out.path)}`, {
        method: 'DELETE',
        auth,
      });
      return watched.result.ms;
    },
  });
  const awsCp = awsCpSide(file, s3);
  const cp = cpSide(file, join(localRoot, 'cp-copy.bin'));

  const rows = [
    await compare('(a) fs.upload multipart into an s3rver mount vs aws s3 cp', fsUpload('/s3', 0.9), awsCp),
    await compare('(b) fs.upload multipart into a local mount vs cp on the same disk', fsUpload('/loc'), cp),
  ];
  const highest = Math.max(...rss.map((x) => x.highest));
  const rssLine = `server RSS sampled every 50 ms during the uploads: highest ${mebibytes(highest)} (target < 200 MiB): ${highest < RSS_LIMIT ? 'pass' : 'shortfall'}; before the first upload ${mebibytes(rss[0].before)}`;
  const perMount = ['/s3', '/loc']
    .map(
      (f) =>
        `${f}: highest ${mebibytes(Math.max(...rss.filter((x) => x.folder === f).map((x) => x.highest)))}`,
    )
    .join('; ');
  const sdkLine = `SDK client peak RSS: ${mebibytes(Math.max(...sdkMemory))}`;
  const cpuLine = (folder) => {
    const runs = cpu.filter((c) => c.folder === folder);
    const med = (k) => `${(median(runs.map((c) => c[k])) / 1000).toFixed(1)} s`;
    return `${folder}: CPU per upload (medians): clip server ${med('clip')}, SDK client ${med('client')}, s3rver ${med('s3rver')}`;
  };
  const cpuLines = ['/s3', '/loc'].map(cpuLine);
  printRows('fs-upload', rows, [rssLine, perMount, sdkLine, ...cpuLines]);
  writeTransferReport('fs-upload', {
    title: `Benchmark: ${SIZE / MIB} MiB through fs.upload into mounts`,
    command: 'npm run bench -- fs-upload',
    settings: [
      `File: ${SIZE / MIB} MiB of random bytes in the OS temp dir; the local mount's root is on the same disk`,
      `Runs: ${RUNS} per command, subject and reference alternating; medians reported; each upload is removed before the next`,
      `clip: the server as \`npm start\` runs it (its bundle, ADR 0023; \`node ${serverNodeFlags().join(' ')}\`), SQLite in a temp data dir, CLIP_LOG_LEVEL=warn; mounts /s3 (s3rver) and /loc (local)`,
      'fs.upload: bench/lib/sdkFsUpload.mjs in its own process, mode multipart: 5 MiB parts through the server, 3 in flight',
      `s3rver 3.7.1 in its own process; ${await awsVersion()} with its default 8 MiB parts and 10 concurrent requests`,
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (other work on a shared machine moves these figures)`,
    ],
    sections: [
      { title: 'Results (median wall time of whole commands)', lines: resultLines(rows) },
      { title: 'Memory', lines: [`- ${rssLine}`, `- ${perMount}`, `- ${sdkLine}`] },
      {
        title: 'Where the CPU goes (user + system time of each process during one fs.upload)',
        lines: cpuLines.map((l) => `- ${l}`),
      },
      { title: 'Runs', lines: runLines(rows) },
    ],
  });
} finally {
  await s3?.stop();
  await clip.stop();
  await rm(work, { recursive: true, force: true });
}
