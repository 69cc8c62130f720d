// Upload throughput of a 1 GiB file, each against a reference measured in the same run (issue 16):
//  (a) POST /upload (curl -F as the client) into local storage against a bare Node HTTP server writing
//      the body to a file on the same disk (target >= 80%), with the server's RSS sampled (< 200 MiB);
//  (b) the SDK's presigned multipart upload to s3rver against `aws s3 cp` (target >= 90%);
//  (c) `clip upload` against curl -F to the same endpoint (target >= 90%), and to s3rver against aws.
// Runs alternate subject and reference.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAuth } from './lib/clipApi.mjs';
import { BENCH_DIR, CLIP_BIN, node24 } from './lib/paths.mjs';
import { serverNodeFlags, startClip } from './lib/processes.mjs';
import { currentRss, mebibytes, watchRss } from './lib/rss.mjs';
import { median } from './lib/stats.mjs';
import { printRows, resultLines, runLines, verdict, writeTransferReport } from './lib/transferReport.mjs';
import { awsCpSide, awsVersion, compare, cpSide, log, RUNS, run, SIZE } from './lib/transferRuns.mjs';
import {
  deleteShare,
  MIB,
  prepareClip,
  startS3rverProcess,
  startUploadSink,
  writeRandomFile,
} from './lib/uploadSetup.mjs';

const RSS_LIMIT = 200 * MIB;
/** GNU time, for the CPU time of the upload clients in (c) (wall-time ratios move with the machine's load). */
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

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

  /** CPU seconds (user + system) of each client's runs in (c), by label. */
  const clientCpu = {};
  /** Runs a client command; under GNU time when `cpuKey` is given, recording its CPU time under that key. */
  const client = async (label, cpuKey, command, args, options) => {
    if (!TIME || !cpuKey) return run(label, command, args, options);
    const cpuFile = join(work, 'client-cpu.txt');
    const result = await run(label, TIME, ['-f', '%U %S', '-o', cpuFile, command, ...args], options);
    const [user, system] = (await readFile(cpuFile, 'utf8')).trim().split(/\s+/).map(Number);
    clientCpu[cpuKey] = [...(clientCpu[cpuKey] ?? []), user + system];
    return result;
  };
  const cp = cpSide(file, join(work, 'cp-copy.bin'));
  const serverRss = [];
  /** Runs one upload into clip while sampling the server's RSS. */
  const watched = async (upload) => {
    const w = await watchRss(clip.pid, upload);
    serverRss.push(w.highest);
    return w.result;
  };
  /**
   * curl -F to POST /api/upload. `placementFirst` sends the empty s3_config_id and path fields before the
   * file, as `clip upload` does, so the server streams the file into storage instead of spooling it: in
   * (c) both clients then ask the server for the same work and the ratio is the clients'.
   */
  const curlUpload = (cpuKey, placementFirst = false) => ({
    label: `curl -F ${placementFirst ? 's3_config_id= -F path= -F ' : ''}file=@... POST /api/upload`,
    targetRatio: 0.8,
    run: async () => {
      const placement = placementFirst ? ['-F', 's3_config_id=', '-F', 'path='] : [];
      const { ms, stdout } = await watched(() =>
        client('curl POST /api/upload', cpuKey, 'curl', [
          '-sS',
          '--fail-with-body',
          '-H',
          `authorization: ${auth}`,
          '-H',
          'expect:',
          ...placement,
          '-F',
          `file=@${file};type=application/octet-stream`,
          `${clip.url}/api/upload`,
        ]),
      );
      await deleteShare(clip, auth, JSON.parse(stdout).data.id);
      return ms;
    },
  });
  const sinkUpload = {
    label: 'curl -F file=@... to a bare Node sink',
    run: async () => {
      const args = ['-sS', '--fail-with-body', '-H', 'expect:', '-F', `file=@${file}`, sink.url];
      const { ms } = await run('curl to bare Node sink', 'curl', args);
      await rm(sink.stored);
      return ms;
    },
  };
  const awsCp = awsCpSide(file, s3);
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
    targetRatio: storage ? undefined : 0.9,
    run: async () => {
      const args = ['--json', 'upload', file, ...(storage ? ['--storage', storage] : [])];
      const { ms, stdout } = await watched(() =>
        client(`clip upload${storage ? ' (s3rver)' : ''}`, storage ? null : 'clip upload', CLIP_BIN, args, {
          env: cliEnv,
        }),
      );
      await deleteShare(clip, auth, JSON.parse(stdout)[0].id);
      return ms;
    },
  });

  const idleRss = currentRss(clip.pid);
  const direct = await compare(
    '(a) POST /upload to local storage vs a bare Node HTTP server writing the body to a file',
    curlUpload(null),
    sinkUpload,
  );
  const floor = await compare(
    "(a') the bare Node sink vs cp on the same disk (this machine's floor)",
    sinkUpload,
    cp,
  );
  const multipart = await compare('(b) presigned multipart to s3rver vs aws s3 cp', sdkMultipart, awsCp);
  const cliLocal = await compare(
    '(c) clip upload vs curl -F to the same endpoint (local storage)',
    clipUpload(null),
    { ...curlUpload('curl -F', true), targetRatio: undefined },
  );
  const cliS3 = await compare('(c) clip upload to s3rver vs aws s3 cp', clipUpload('s3rver'), awsCp);
  const rows = [direct, floor, multipart, cliLocal, cliS3];

  const highest = Math.max(...serverRss);
  const rssLine = `server RSS sampled every 50 ms during every upload into it: highest ${mebibytes(highest)} (target <= 200 MiB): ${highest <= RSS_LIMIT ? 'pass' : 'shortfall'}; idle before the first ${mebibytes(idleRss)}`;
  const sdkLine = `SDK client peak RSS during (b): ${mebibytes(Math.max(...sdkMemory))}`;
  const cpuLine = TIME
    ? `client CPU time (user + system) per upload in (c), median: ${Object.entries(clientCpu)
        .map(([label, seconds]) => `${label} ${median(seconds).toFixed(2)} s`)
        .join(', ')}`
    : 'client CPU time not measured (no /usr/bin/time)';
  printRows('upload', rows, [rssLine, sdkLine, cpuLine]);
  writeTransferReport('upload', {
    title: `Benchmark: ${SIZE / MIB} MiB uploads`,
    command: 'npm run bench -- upload',
    settings: [
      `File: ${SIZE / MIB} MiB of random bytes in the OS temp dir, the same disk as clip's data dir and s3rver's directory`,
      `Runs: ${RUNS} per command, subject and reference alternating; medians reported; each run's upload is deleted before the next`,
      `clip: the server as \`npm start\` runs it (its bundle, ADR 0023; \`node ${serverNodeFlags().join(' ')}\`), SQLite and the default local storage config in a temp data dir, CLIP_LOG_LEVEL=warn`,
      'Bare Node sink: bench/reference/uploadSink.mjs (http.createServer piping the request into one file, no form parsing), its own process',
      `s3rver 3.7.1 in its own process (bench/reference/s3rver.mjs); ${await awsVersion()} with its default 8 MiB parts and 10 concurrent requests`,
      'SDK client: bench/lib/sdkUpload.mjs in its own process (uploadFile with fileSource: 5 MiB parts from the server, 3 in flight)',
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (other work on a shared machine moves these figures)`,
    ],
    sections: [
      { title: 'Results (median wall time of whole commands)', lines: resultLines(rows) },
      {
        title: 'Memory',
        lines: [`- ${rssLine}`, `- ${sdkLine}`],
      },
      { title: 'Client CPU', lines: [`- ${cpuLine}`] },
      { title: 'Runs', lines: runLines(rows) },
      {
        title: 'Notes',
        lines: [
          "- (a') is not a target: it shows what any Node HTTP upload reaches on this machine, the ceiling (a) works under.",
          '- (a) sends no s3_config_id/path, so the server spools the file part and a local storage takes the spool file over by a rename; in (c) both clients send them (empty) before the file, so the server streams it into storage for each alike.',
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
