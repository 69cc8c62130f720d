// The terminal client as a user runs it: (a) `clip ls --refresh` of a 10,000-object s3rver folder (the
// whole bin/clip command: start, login from CLIP_TOKEN, every page) against `aws s3 ls` of the same prefix
// (target <= 1.3x); (b) `clip --version` median (target <= 120 ms). Medians of alternating runs.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { adminAuth, apiCall } from './lib/clipApi.mjs';
import { CLIP_BIN } from './lib/paths.mjs';
import { startClip } from './lib/processes.mjs';
import { seedObjects } from './lib/seedObjects.mjs';
import { median, percent } from './lib/stats.mjs';
import { timeOnce } from './lib/timing.mjs';
import { writeTransferReport } from './lib/transferReport.mjs';
import { prepareClip, startS3rverProcess } from './lib/uploadSetup.mjs';

const OBJECTS = Number(process.env.BENCH_CLI_OBJECTS ?? 10_000);
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 5);
const VERSION_RUNS = Number(process.env.BENCH_CLI_VERSION_RUNS ?? 21);
const AWS = existsSync('/usr/bin/aws') ? '/usr/bin/aws' : 'aws';
const log = (line) => process.stderr.write(`${line}\n`);
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

const loadAtStart = loadavg()[0];
const clip = await startClip();
let s3;
try {
  s3 = await startS3rverProcess('bench-cli');
  const auth = await adminAuth(clip);
  const configId = await prepareClip(clip, auth, s3, 100);
  await apiCall(`${clip.url}/api/admin/mounts`, {
    method: 'POST',
    auth,
    body: { name: 'bench s3', mount_path: '/s3', storage_type: 's3', storage_config_id: configId },
  });
  log(`cli: putting ${OBJECTS} objects into s3rver`);
  await seedObjects(s3, OBJECTS);
  const clipEnv = { ...process.env, CLIP_SERVER: clip.url, CLIP_TOKEN: auth.slice('Bearer '.length) };
  const awsEnv = { ...process.env, ...s3.credentials };

  const clipLs = async () => {
    const r = await timeOnce(CLIP_BIN, ['ls', '/s3/big', '--refresh'], { env: clipEnv });
    if (r.code !== 0) throw new Error(`clip ls failed: ${r.stderr}`);
    const lines = r.stdout.trim().split('\n').length;
    if (lines !== OBJECTS) throw new Error(`clip ls printed ${lines} lines`);
    log(`    clip ls: ${s(r.ms)}`);
    return r.ms;
  };
  const awsLs = async () => {
    const r = await timeOnce(AWS, ['s3', 'ls', `s3://${s3.bucket}/big/`, '--endpoint-url', s3.url], {
      env: awsEnv,
    });
    if (r.code !== 0) throw new Error(`aws s3 ls failed: ${r.stderr}`);
    log(`    aws s3 ls: ${s(r.ms)}`);
    return r.ms;
  };
  const times = { clip: [], aws: [], version: [] };
  for (let r = 0; r < RUNS; r++) {
    if (r % 2) {
      times.aws.push(await awsLs());
      times.clip.push(await clipLs());
    } else {
      times.clip.push(await clipLs());
      times.aws.push(await awsLs());
    }
  }
  await timeOnce(CLIP_BIN, ['--version']); // fills Node's compile cache, as any earlier run would have
  for (let r = 0; r < VERSION_RUNS; r++) {
    const v = await timeOnce(CLIP_BIN, ['--version']);
    if (v.code !== 0) throw new Error(`clip --version failed: ${v.stderr}`);
    times.version.push(v.ms);
  }
  const ratio = median(times.clip) / median(times.aws);
  const version = median(times.version);
  const lines = [
    '| Measurement | clip (median) | Reference (median) | clip time / reference | Target | Result |',
    '|---|---:|---:|---:|---:|---|',
    `| \`clip ls --refresh\` of ${OBJECTS} objects | ${s(median(times.clip))} | aws s3 ls: ${s(median(times.aws))} | ${percent(ratio)} | <= 130% | ${ratio <= 1.3 ? 'pass' : 'shortfall'} |`,
    `| \`clip --version\` | ${version.toFixed(0)} ms | - | - | <= 120 ms | ${version <= 120 ? 'pass' : 'shortfall'} |`,
  ];
  process.stdout.write(`\ncli\n${lines.join('\n')}\n`);
  writeTransferReport('cli', {
    title: 'Benchmark: the terminal client (clip ls of 10,000 objects, clip --version)',
    command: 'npm run bench -- cli',
    settings: [
      `Folder: ${OBJECTS} small objects under one prefix of an s3rver bucket (s3rver in its own process), mounted at /s3 (cache bypassed with --refresh)`,
      `${RUNS} alternating runs of \`bin/clip ls /s3/big --refresh\` (a whole process, names on stdout) and \`aws s3 ls s3://bucket/big/\`; ${VERSION_RUNS} runs of \`bin/clip --version\` after one warm-up`,
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (other work on a shared machine moves these figures)`,
      'Not measured (no time left): `clip put` of 1 GiB against `aws s3 cp`; bench/fs-upload.mjs measures the same SDK upload path',
    ],
    sections: [
      { title: 'Results', lines },
      {
        title: 'Runs',
        lines: [
          `- clip ls: ${times.clip.map(s).join(', ')}`,
          `- aws s3 ls: ${times.aws.map(s).join(', ')}`,
          `- clip --version: ${times.version.map((t) => `${t.toFixed(0)} ms`).join(', ')}`,
        ],
      },
    ],
  });
} finally {
  await s3?.stop();
  await clip.stop();
}
