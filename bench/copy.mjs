// A folder copy from a local mount to an s3rver mount through a copy task (1,000 files of 10 KiB and
// 10 files of 100 MiB), against `rclone copy` of the same tree to the same bucket, measured in the same
// run (target: clip's time <= 1.2x rclone's, i.e. throughput >= 83%). The server's RSS is sampled
// during each copy. Runs alternate subject and reference; each copy is deleted before the next.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAuth, apiCall } from './lib/clipApi.mjs';
import { startClip } from './lib/processes.mjs';
import { mebibytes, watchRss } from './lib/rss.mjs';
import { timeOnce } from './lib/timing.mjs';
import { printRows, resultLines, runLines, summarize, writeTransferReport } from './lib/transferReport.mjs';
import { MIB, prepareClip, startS3rverProcess, writeRandomFile } from './lib/uploadSetup.mjs';

const SMALL = Number(process.env.BENCH_COPY_SMALL ?? 1000);
const BIG = Number(process.env.BENCH_COPY_BIG ?? 10);
const BIG_MIB = Number(process.env.BENCH_COPY_BIG_MIB ?? 100);
const RUNS = Number(process.env.BENCH_COPY_RUNS ?? 2);
const TOTAL = SMALL * 10 * 1024 + BIG * BIG_MIB * MIB;
const RCLONE = existsSync('/usr/bin/rclone') ? '/usr/bin/rclone' : 'rclone';
const log = (line) => process.stderr.write(`${line}\n`);

const loadAtStart = loadavg()[0];
const work = await mkdtemp(join(tmpdir(), 'clip-bench-copy-'));
const src = join(work, 'tree', 'src');
log(`copy: writing ${SMALL} x 10 KiB and ${BIG} x ${BIG_MIB} MiB under ${src}`);
await mkdir(join(src, 'small'), { recursive: true });
await mkdir(join(src, 'big'), { recursive: true });
for (let i = 0; i < SMALL; i++)
  await writeRandomFile(join(src, 'small', `f${String(i).padStart(4, '0')}.bin`), 10 * 1024);
for (let i = 0; i < BIG; i++) await writeRandomFile(join(src, 'big', `b${i}.bin`), BIG_MIB * MIB);

const clip = await startClip();
let s3;
try {
  s3 = await startS3rverProcess('bench-copy');
  const auth = await adminAuth(clip);
  const s3ConfigId = await prepareClip(clip, auth, s3, 1024);
  const local = await apiCall(`${clip.url}/api/s3-configs`, {
    method: 'POST',
    auth,
    body: { name: 'bench local', provider_type: 'local', root_path: join(work, 'tree') },
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
  const rss = [];
  const rssBefore = [];
  const rcloneEnv = { ...process.env, AWS_CA_BUNDLE: '' };
  delete rcloneEnv.AWS_CA_BUNDLE;
  const remote = `:s3,provider=Other,endpoint='${s3.url}',access_key_id=S3RVER,secret_access_key=S3RVER,force_path_style=true:${s3.bucket}`;

  const clipCopy = {
    label: 'clip copy task',
    targetRatio: 1 / 1.2,
    run: async (r) => {
      const watched = await watchRss(clip.pid, async () => {
        const started = performance.now();
        const answer = await apiCall(`${clip.url}/api/admin/fs/batch-copy`, {
          method: 'POST',
          auth,
          body: { items: [{ sourcePath: '/loc/src', targetPath: `/s3/clip-${r}` }], skipExisting: false },
        });
        let task;
        for (;;) {
          task = await apiCall(`${clip.url}/api/admin/tasks/${answer.task_id}`, { auth });
          if (!['pending', 'running'].includes(task.status)) break;
          await new Promise((res) => setTimeout(res, 100));
        }
        const ms = performance.now() - started;
        if (task.status !== 'completed' || task.bytes_done !== TOTAL)
          throw new Error(`task ended ${task.status} with ${task.bytes_done} of ${TOTAL} bytes`);
        return ms;
      });
      rss.push(watched.highest);
      rssBefore.push(watched.before);
      log(`    clip copy task: ${(watched.result / 1000).toFixed(2)} s`);
      await apiCall(`${clip.url}/api/admin/fs/remove?path=${encodeURIComponent(`/s3/clip-${r}`)}`, {
        method: 'DELETE',
        auth,
      });
      return watched.result;
    },
  };
  const rcloneCopy = {
    label: 'rclone copy',
    run: async (r) => {
      const result = await timeOnce(RCLONE, ['copy', src, `${remote}/rclone-${r}`], { env: rcloneEnv });
      if (result.code !== 0) throw new Error(`rclone copy exited ${result.code}: ${result.stderr}`);
      log(`    rclone copy: ${(result.ms / 1000).toFixed(2)} s`);
      await timeOnce(RCLONE, ['purge', `${remote}/rclone-${r}`], { env: rcloneEnv });
      return result.ms;
    },
  };

  const times = { subject: [], reference: [] };
  for (let r = 0; r < RUNS; r++) {
    const order =
      r % 2
        ? [
            ['reference', rcloneCopy],
            ['subject', clipCopy],
          ]
        : [
            ['subject', clipCopy],
            ['reference', rcloneCopy],
          ];
    for (const [key, side] of order) times[key].push(await side.run(r));
  }
  const rows = [
    {
      measurement: `${SMALL} x 10 KiB + ${BIG} x ${BIG_MIB} MiB, local mount -> s3rver mount`,
      subjectLabel: clipCopy.label,
      referenceLabel: rcloneCopy.label,
      subject: summarize(times.subject, TOTAL),
      reference: summarize(times.reference, TOTAL),
      targetRatio: clipCopy.targetRatio,
    },
  ];
  const rssLine = `server RSS sampled every 50 ms during the copies: highest ${mebibytes(Math.max(...rss))} (before each copy: ${rssBefore.map(mebibytes).join(', ')})`;
  printRows('copy', rows, [rssLine]);
  const { stdout: rcloneVersion } = await timeOnce(RCLONE, ['version']);
  writeTransferReport('copy', {
    title: 'Benchmark: a folder copy across storages through a copy task',
    command: 'npm run bench -- copy',
    settings: [
      `Tree: ${SMALL} files of 10 KiB and ${BIG} files of ${BIG_MIB} MiB of random bytes (${(TOTAL / MIB).toFixed(0)} MiB) in the OS temp dir, mounted at /loc through a local storage config`,
      `Runs: ${RUNS} per command, subject and reference alternating; medians reported; each copy is deleted before the next`,
      "clip: the server as `npm start` runs it (its bundle, ADR 0023, with the flags of bin/clip-server), SQLite, CLIP_LOG_LEVEL=warn; `POST /api/admin/fs/batch-copy` to the /s3 mount (s3rver), skipExisting false; the time runs from the request to the task's end (polled every 100 ms). The task copies 8 objects at once, at most 4 above 16 MiB per process; objects up to 100 MiB go to S3 as one streamed PUT (nothing buffered, no multipart assembly on the store), larger ones as a multipart upload of 16 MiB streamed parts, 4 in flight",
      `Reference: ${rcloneVersion.split('\n')[0].trim()} \`rclone copy\` of the same directory to the same bucket (defaults: 4 transfers, 8 checkers, single PUT below 200 MiB)`,
      's3rver 3.7.1 in its own process',
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (other work on a shared machine moves these figures)`,
      'The server idles at the RSS shown before each copy; what a copy adds is the difference',
    ],
    sections: [
      { title: 'Results (median wall time of whole copies)', lines: resultLines(rows) },
      { title: 'Memory', lines: [`- ${rssLine}`] },
      { title: 'Runs', lines: runLines(rows) },
    ],
  });
} finally {
  await s3?.stop();
  await clip.stop();
  await rm(work, { recursive: true, force: true });
}
