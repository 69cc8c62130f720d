// Upload throughput of a 1 GiB file, each against a reference measured in the same run:
//  (a) POST /upload (curl as the client) into local storage, against `cp` of the same file on the same
//      disk, with the server's peak RSS; (b) the SDK's presigned multipart upload to s3rver, against
//      `aws s3 cp` to the same s3rver; (c) `clip upload` to both. Runs alternate subject and reference.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAuth } from './lib/clipApi.mjs';
import { BENCH_DIR, CLIP_BIN, node24 } from './lib/paths.mjs';
import { startClip } from './lib/processes.mjs';
import { currentRss, mebibytes, peakRss } from './lib/rss.mjs';
import { timeOnce } from './lib/timing.mjs';
import {
  printRows,
  resultLines,
  runLines,
  summarize,
  verdict,
  writeTransferReport,
} from './lib/transferReport.mjs';
import {
  deleteShare,
  MIB,
  prepareClip,
  startS3rverProcess,
  startUploadSink,
  writeRandomFile,
} from './lib/uploadSetup.mjs';

const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MIB;
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const RSS_LIMIT = 200 * 1_000_000;
const AWS = existsSync('/usr/bin/aws') ? '/usr/bin/aws' : 'aws';
const log = (line) => process.stderr.write(`${line}\n`);

/** Runs a command once; fails the benchmark when it fails (a failed run measured nothing). */
async function run(label, command, args, options = {}) {
  const result = await timeOnce(command, args, options);
  if (result.code !== 0)
    throw new Error(
      `${label} exited with ${result.code}: ${`${result.stderr.trim()} ${result.stdout.trim()}`.trim()}`,
    );
  log(`    ${label}: ${(result.ms / 1000).toFixed(2)} s`);
  return result;
}

/** RUNS alternating runs of subject and reference; each answers its wall time and may clean up after. */
async function compare(measurement, subject, reference) {
  const times = { subject: [], reference: [] };
  log(`  ${measurement}`);
  for (let r = 0; r < RUNS; r++) {
    const order =
      r % 2
        ? [
            ['reference', reference],
            ['subject', subject],
          ]
        : [
            ['subject', subject],
            ['reference', reference],
          ];
    for (const [key, side] of order) {
      // Every run starts with no dirty pages left by the one before, so neither side pays for the other's writeback.
      execFileSync('sync');
      times[key].push(await side.run(r));
    }
  }
  return {
    measurement,
    subjectLabel: subject.label,
    referenceLabel: reference.label,
    subject: summarize(times.subject, SIZE),
    reference: summarize(times.reference, SIZE),
    targetRatio: subject.targetRatio,
  };
}

const loadAtStart = loadavg()[0];
const work = await mkdtemp(join(tmpdir(), 'clip-bench-upload-'));
const file = join(work, 'upload-1g.bin');
log(`upload: writing ${SIZE / MIB} MiB of random bytes to ${file}`);
await writeRandomFile(file, SIZE);

const clip = await startClip();
let s3;
let sink;
try {
  s3 = await startS3rverProcess();
  sink = await startUploadSink(work);
  const auth = await adminAuth(clip);
  const s3ConfigId = await prepareClip(clip, auth, s3, Math.ceil((SIZE * 2) / MIB));
  const cliEnv = {
    ...process.env,
    CLIP_SERVER: clip.url,
    CLIP_TOKEN: auth.slice('Bearer '.length),
    XDG_CONFIG_HOME: join(work, 'config'),
  };
  await mkdir(cliEnv.XDG_CONFIG_HOME);
  const awsEnv = { ...process.env, ...s3.credentials };
  const copyTarget = join(work, 'cp-copy.bin');

  const cp = {
    label: 'cp',
    run: async () => {
      const { ms } = await run('cp', 'cp', [file, copyTarget]);
      await rm(copyTarget);
      return ms;
    },
  };
  const curlUpload = {
    label: 'curl -F file=@... POST /api/upload',
    targetRatio: 0.5,
    run: async () => {
      const { ms, stdout } = await run('curl POST /api/upload', 'curl', [
        '-sS',
        '--fail-with-body',
        '-H',
        `authorization: ${auth}`,
        '-H',
        'expect:',
        '-F',
        `file=@${file};type=application/octet-stream`,
        `${clip.url}/api/upload`,
      ]);
      await deleteShare(clip, auth, JSON.parse(stdout).data.id);
      return ms;
    },
  };
  const sinkUpload = {
    label: 'curl -F file=@... to a bare Node sink',
    run: async () => {
      const args = ['-sS', '--fail-with-body', '-H', 'expect:', '-F', `file=@${file}`, sink.url];
      const { ms } = await run('curl to bare Node sink', 'curl', args);
      await rm(sink.stored);
      return ms;
    },
  };
  const awsCp = {
    label: 'aws s3 cp',
    run: async (r) => {
      const key = `s3://${s3.bucket}/aws-${r}.bin`;
      const { ms } = await run(
        'aws s3 cp',
        AWS,
        ['s3', 'cp', file, key, '--endpoint-url', s3.url, '--only-show-errors'],
        { env: awsEnv },
      );
      await timeOnce(AWS, ['s3', 'rm', key, '--endpoint-url', s3.url, '--only-show-errors'], { env: awsEnv });
      return ms;
    },
  };
  const sdkMultipart = {
    label: 'SDK uploadFile (multipart)',
    targetRatio: 0.9,
    run: async () => {
      // The SDK's own threshold (100 MiB) decides for the real file; a small trial file is pushed to multipart.
      const multipartThreshold = SIZE > 100 * MIB ? undefined : 8 * MIB;
      const spec = { server: clip.url, token: cliEnv.CLIP_TOKEN, path: file, s3ConfigId, multipartThreshold };
      const { ms, stdout } = await run('SDK multipart', node24(), [
        '--disable-warning=ExperimentalWarning',
        join(BENCH_DIR, 'lib/sdkUpload.mjs'),
        JSON.stringify(spec),
      ]);
      const result = JSON.parse(stdout);
      if (result.mode !== 'multipart') throw new Error(`the SDK chose ${result.mode}, not multipart`);
      sdkMemory.push(result.maxRssBytes);
      await deleteShare(clip, auth, result.id);
      return ms;
    },
  };
  const sdkMemory = [];
  const clipUpload = (storage) => ({
    label: storage ? 'clip upload --storage s3rver' : 'clip upload',
    run: async () => {
      const args = ['--json', 'upload', file, ...(storage ? ['--storage', storage] : [])];
      const { ms, stdout } = await run(`clip upload${storage ? ' (s3rver)' : ''}`, CLIP_BIN, args, {
        env: cliEnv,
      });
      await deleteShare(clip, auth, JSON.parse(stdout)[0].id);
      return ms;
    },
  });

  const idleRss = currentRss(clip.pid);
  const direct = await compare('(a) POST /upload to local storage vs cp on the same disk', curlUpload, cp);
  const serverPeak = peakRss(clip.pid);
  const floor = await compare(
    "(a') a bare Node HTTP server writing the body to a file vs cp (this machine's floor)",
    sinkUpload,
    cp,
  );
  const multipart = await compare('(b) presigned multipart to s3rver vs aws s3 cp', sdkMultipart, awsCp);
  const cliLocal = await compare('(c) clip upload to local storage vs cp', clipUpload(null), cp);
  const cliS3 = await compare('(c) clip upload to s3rver vs aws s3 cp', clipUpload('s3rver'), awsCp);
  const rows = [direct, floor, multipart, cliLocal, cliS3];

  const rssLine = `server peak RSS (VmHWM) after (a): ${mebibytes(serverPeak)} = ${(serverPeak / 1e6).toFixed(0)} MB (target < 200 MB): ${serverPeak < RSS_LIMIT ? 'pass' : 'shortfall'}; its RSS when idle before (a): ${mebibytes(idleRss)}`;
  const sdkLine = `SDK client peak RSS during (b): ${mebibytes(Math.max(...sdkMemory))}`;
  const clientLine = `the same server path with the SDK's streamed form body (clip upload) vs curl: ${(cliLocal.subject.ms / 1000).toFixed(2)} s vs ${(direct.subject.ms / 1000).toFixed(2)} s (medians of (c) and (a))`;
  printRows('upload', rows, [rssLine, sdkLine, clientLine]);
  const { stdout: awsVersion } = await timeOnce(AWS, ['--version']);
  writeTransferReport('upload', {
    title: `Benchmark: ${SIZE / MIB} MiB uploads`,
    command: 'npm run bench -- upload',
    settings: [
      `File: ${SIZE / MIB} MiB of random bytes in the OS temp dir, the same disk as clip's data dir and s3rver's directory`,
      `Runs: ${RUNS} per command, subject and reference alternating; medians reported; each run's upload is deleted before the next`,
      'clip: the server as `npm start` runs it (its bundle, ADR 0020), SQLite and the default local storage config in a temp data dir, CLIP_LOG_LEVEL=warn',
      `s3rver 3.7.1 in its own process (bench/reference/s3rver.mjs); ${awsVersion.trim() || 'aws CLI'} (${AWS}) with its default 8 MiB parts and 10 concurrent requests`,
      'SDK client: bench/lib/sdkUpload.mjs in its own process (uploadFile with fileSource: 5 MiB parts from the server, 3 in flight)',
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (other work on a shared machine moves these figures)`,
    ],
    sections: [
      { title: 'Results (median wall time of whole commands)', lines: resultLines(rows) },
      {
        title: 'Memory',
        lines: [`- ${rssLine}`, `- ${sdkLine}`],
      },
      { title: 'Runs', lines: runLines(rows) },
      {
        title: 'Notes',
        lines: [
          `- ${clientLine}.`,
          "- (a') is not a target: it shows what any Node HTTP upload reaches on this machine, the ceiling (a) works under.",
          ...rows
            .filter((row) => verdict(row).pass === false)
            .map((row) => `- ${row.measurement}: ${verdict(row).text}.`),
        ],
      },
    ],
  });
} finally {
  await sink?.stop();
  await s3?.stop();
  await clip.stop();
  await rm(work, { recursive: true, force: true });
}
