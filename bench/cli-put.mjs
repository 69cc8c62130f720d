// `clip put` of a 1 GiB file into an s3rver mount (the whole bin/clip command: start, login from
// CLIP_TOKEN, resumable multipart through the server) against `aws s3 cp` of the same file to the same
// s3rver (target >= 85% of its throughput). Alternating runs; medians; CPU time of each command beside.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAuth, apiCall } from './lib/clipApi.mjs';
import { CLIP_BIN } from './lib/paths.mjs';
import { startClip } from './lib/processes.mjs';
import { median } from './lib/stats.mjs';
import { timedRun, timeOnce } from './lib/timing.mjs';
import { printRows, resultLines, runLines, summarize, writeTransferReport } from './lib/transferReport.mjs';
import { MIB, prepareClip, startS3rverProcess, writeRandomFile } from './lib/uploadSetup.mjs';

const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MIB;
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const AWS = existsSync('/usr/bin/aws') ? '/usr/bin/aws' : 'aws';
const log = (line) => process.stderr.write(`${line}\n`);

const loadAtStart = loadavg()[0];
const work = await mkdtemp(join(tmpdir(), 'clip-bench-cliput-'));
const file = join(work, 'put-1g.bin');
log(`cli-put: writing ${SIZE / MIB} MiB of random bytes to ${file}`);
await writeRandomFile(file, SIZE);

const clip = await startClip();
let s3;
try {
  s3 = await startS3rverProcess('bench-cli-put');
  const auth = await adminAuth(clip);
  const configId = await prepareClip(clip, auth, s3, Math.ceil((SIZE * 2) / MIB));
  await apiCall(`${clip.url}/api/admin/mounts`, {
    method: 'POST',
    auth,
    body: { name: 'bench s3', mount_path: '/s3', storage_type: 's3', storage_config_id: configId },
  });
  const home = join(work, 'home');
  const clipEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    CLIP_SERVER: clip.url,
    CLIP_TOKEN: auth.slice('Bearer '.length),
  };
  const awsEnv = { ...process.env, ...s3.credentials };
  const cpu = { clip: [], aws: [] };

  const clipPut = async (r) => {
    const folder = `/s3/put-${r}`;
    // Not a terminal: one line per file, no progress bars (the bars are measured by nothing here).
    const result = await timedRun('clip put', CLIP_BIN, ['put', file, folder], { env: clipEnv });
    cpu.clip.push(result.cpuMs);
    await apiCall(`${clip.url}/api/admin/fs/remove?path=${encodeURIComponent(folder)}`, {
      method: 'DELETE',
      auth,
    });
    return result.ms;
  };
  const awsCp = async (r) => {
    const key = `s3://${s3.bucket}/aws-${r}.bin`;
    const result = await timedRun(
      'aws s3 cp',
      AWS,
      ['s3', 'cp', file, key, '--endpoint-url', s3.url, '--only-show-errors'],
      {
        env: awsEnv,
      },
    );
    cpu.aws.push(result.cpuMs);
    await timeOnce(AWS, ['s3', 'rm', key, '--endpoint-url', s3.url, '--only-show-errors'], { env: awsEnv });
    return result.ms;
  };

  const times = { clip: [], aws: [] };
  for (let r = 0; r < RUNS; r++) {
    const order = r % 2 ? ['aws', 'clip'] : ['clip', 'aws'];
    for (const side of order) {
      execFileSync('sync');
      times[side].push(side === 'clip' ? await clipPut(r) : await awsCp(r));
    }
  }
  const rows = [
    {
      measurement: `clip put of ${SIZE / MIB} MiB into an s3rver mount vs aws s3 cp`,
      subjectLabel: 'clip put',
      referenceLabel: 'aws s3 cp',
      subject: summarize(times.clip, SIZE),
      reference: summarize(times.aws, SIZE),
      targetRatio: 0.85,
    },
  ];
  const cpuLine = `CPU time of the command (user + system, median): clip put ${(median(cpu.clip) / 1000).toFixed(2)} s, aws s3 cp ${(median(cpu.aws) / 1000).toFixed(2)} s (clip's server and s3rver not counted)`;
  printRows('cli-put', rows, [cpuLine]);
  const { stdout: awsVersion } = await timeOnce(AWS, ['--version']);
  writeTransferReport('cli-put', {
    title: `Benchmark: clip put of ${SIZE / MIB} MiB into an s3rver mount vs aws s3 cp`,
    command: 'npm run bench -- cli-put',
    settings: [
      `File: ${SIZE / MIB} MiB of random bytes in the OS temp dir`,
      `Runs: ${RUNS} per command, alternating; medians reported; each upload removed before the next`,
      "clip: the server as `npm start` runs it (its bundle, ADR 0023), SQLite, CLIP_LOG_LEVEL=warn; /s3 mounts s3rver; `bin/clip put FILE /s3/put-N` (stdout a pipe: no progress bars), the SDK's fs.upload multipart: parts of the size the server names, through the server",
      `s3rver 3.7.1 in its own process; ${awsVersion.trim() || 'aws CLI'} (${AWS}) with its default 8 MiB parts and 10 concurrent requests`,
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (measured under load on a shared 2-core machine: clip's path runs three Node processes, aws's two, so the ratio falls as load rises)`,
    ],
    sections: [
      {
        title: 'Results (median wall time of whole commands)',
        lines: [...resultLines(rows), '', `- ${cpuLine}`],
      },
      { title: 'Runs', lines: runLines(rows) },
    ],
  });
} finally {
  await s3?.stop();
  await clip.stop();
  await rm(work, { recursive: true, force: true });
}
