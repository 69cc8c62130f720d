// A 1 GiB upload through an upload request link (`clip upload --to <link> FILE`: no account, resumable
// sessions of 5 MiB parts through the server, the file staged in `.clip/requests/` and moved into place)
// against `clip put FILE` into the same local-mount folder (the owner's resumable multipart upload).
// Both are the whole bin/clip command; alternating runs; medians; CPU time of each command beside, and
// the server's peak RSS over the runs.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAuth, apiCall } from './lib/clipApi.mjs';
import { CLIP_BIN } from './lib/paths.mjs';
import { startClip } from './lib/processes.mjs';
import { mebibytes, peakRss } from './lib/rss.mjs';
import { median } from './lib/stats.mjs';
import { timedRun } from './lib/timing.mjs';
import { printRows, resultLines, runLines, summarize, writeTransferReport } from './lib/transferReport.mjs';
import { allowUploadsOf, MIB, mountLocalDir, writeRandomFile } from './lib/uploadSetup.mjs';

const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MIB;
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const log = (line) => process.stderr.write(`${line}\n`);

const loadAtStart = loadavg()[0];
const work = await mkdtemp(join(tmpdir(), 'clip-bench-request-'));
const file = join(work, 'request-1g.bin');
log(`request-upload: writing ${SIZE / MIB} MiB of random bytes to ${file}`);
await writeRandomFile(file, SIZE);

const clip = await startClip();
try {
  const auth = await adminAuth(clip);
  await allowUploadsOf(clip, auth, SIZE);
  await mountLocalDir(clip, auth, join(work, 'mounted'), '/loc');
  const home = join(work, 'home');
  const env = (extra) => ({ ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), ...extra });
  const ownerEnv = env({ CLIP_SERVER: clip.url, CLIP_TOKEN: auth.slice('Bearer '.length) });
  // The uploader has no account and names no server: the link says where to go.
  const strangerEnv = env({});
  const cpu = { request: [], put: [] };

  const folderFor = async (r, side) => {
    const folder = `/loc/${side}-${r}`;
    await apiCall(`${clip.url}/api/admin/fs/mkdir`, { method: 'POST', auth, body: { path: folder } });
    return folder;
  };
  const removeFolder = (folder) =>
    apiCall(`${clip.url}/api/admin/fs/remove?path=${encodeURIComponent(folder)}`, { method: 'DELETE', auth });

  const requestUpload = async (r) => {
    const folder = await folderFor(r, 'request');
    const request = await apiCall(`${clip.url}/api/admin/upload-requests`, {
      method: 'POST',
      auth,
      body: { path: folder },
    });
    const result = await timedRun('clip upload --to', CLIP_BIN, ['upload', '--to', request.url, file], {
      env: strangerEnv,
    });
    cpu.request.push(result.cpuMs);
    await removeFolder(folder);
    return result.ms;
  };
  const clipPut = async (r) => {
    const folder = await folderFor(r, 'put');
    const result = await timedRun('clip put', CLIP_BIN, ['put', file, folder], { env: ownerEnv });
    cpu.put.push(result.cpuMs);
    await removeFolder(folder);
    return result.ms;
  };

  const times = { request: [], put: [] };
  for (let r = 0; r < RUNS; r++) {
    const order = r % 2 ? ['put', 'request'] : ['request', 'put'];
    for (const side of order) {
      execFileSync('sync');
      times[side].push(side === 'request' ? await requestUpload(r) : await clipPut(r));
    }
  }
  const rows = [
    {
      measurement: `${SIZE / MIB} MiB through an upload request link vs clip put to the same local-mount folder`,
      subjectLabel: 'clip upload --to',
      referenceLabel: 'clip put',
      subject: summarize(times.request, SIZE),
      reference: summarize(times.put, SIZE),
      targetRatio: 0.85,
    },
  ];
  const cpuLine = `CPU time of the command (user + system, median): clip upload --to ${(median(cpu.request) / 1000).toFixed(2)} s, clip put ${(median(cpu.put) / 1000).toFixed(2)} s (the server not counted)`;
  const rssLine = `Server peak RSS over all runs (VmHWM): ${mebibytes(peakRss(clip.pid))}`;
  printRows('request-upload', rows, [cpuLine, rssLine]);
  writeTransferReport('request-upload', {
    title: `Benchmark: ${SIZE / MIB} MiB through an upload request link vs clip put`,
    command: 'npm run bench -- request-upload',
    settings: [
      `File: ${SIZE / MIB} MiB of random bytes in the OS temp dir; the local mount's root is on the same disk`,
      `Runs: ${RUNS} per command, alternating; medians reported; each folder removed before the next run`,
      'clip: the server as `npm start` runs it, SQLite, CLIP_LOG_LEVEL=warn; /loc mounts a local directory',
      "`clip upload --to <link> FILE` with no login (the SDK's uploadToRequest: 5 MiB parts, 4 at once, the file joined in `.clip/requests/` and renamed into the folder) vs `clip put FILE /loc/put-N` (the SDK's fs.upload multipart, 6 parts at once)",
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (a shared 2-core machine)`,
    ],
    sections: [
      {
        title: 'Results (median wall time of whole commands)',
        lines: [...resultLines(rows), '', `- ${cpuLine}`, `- ${rssLine}`],
      },
      { title: 'Runs', lines: runLines(rows) },
    ],
  });
} finally {
  await clip.stop();
  await rm(work, { recursive: true, force: true });
}
