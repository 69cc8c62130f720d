// The terminal client as a user runs it: (a) `clip ls --refresh` of a 10,000-object s3rver folder (the
// whole bin/clip command: start, login from CLIP_TOKEN, every page) against `aws s3 ls` of the same prefix
// (target <= 1.3x); (b) start time: `clip --version` (target <= 120 ms) and `echo hi | clip paste`
// (target <= 250 ms), beside `node -e 0` on the same Node (the floor of any Node command) and the same
// paste run from the TypeScript source instead of the prebuilt bundle. Medians of alternating runs.
// BENCH_CLI_PARTS=start (or ls) runs one part.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAuth, apiCall, createApiKey } from './lib/clipApi.mjs';
import { cpuMs } from './lib/cpuTime.mjs';
import { CLIP_BIN, node24, ROOT } from './lib/paths.mjs';
import { startClip } from './lib/processes.mjs';
import { seedObjects } from './lib/seedObjects.mjs';
import { median, percent } from './lib/stats.mjs';
import { timeOnce } from './lib/timing.mjs';
import { writeTransferReport } from './lib/transferReport.mjs';
import { prepareClip, startS3rverProcess } from './lib/uploadSetup.mjs';

const OBJECTS = Number(process.env.BENCH_CLI_OBJECTS ?? 10_000);
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 5);
const START_RUNS = Number(process.env.BENCH_CLI_START_RUNS ?? 21);
const PARTS = (process.env.BENCH_CLI_PARTS ?? 'ls,start').split(',');
const AWS = existsSync('/usr/bin/aws') ? '/usr/bin/aws' : 'aws';
const log = (line) => process.stderr.write(`${line}\n`);
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** (a) `clip ls --refresh` of OBJECTS s3rver objects against `aws s3 ls` of the same prefix. */
async function measureLs(clip, auth) {
  const serverCpu = () => cpuMs(clip.pid);
  const s3 = await startS3rverProcess('bench-cli');
  try {
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
    // The launcher runs the prebuilt bundle only while it is current: build it, as `npm ci` does.
    execFileSync(node24(), [join(ROOT, 'bin/build-cli-bundle.mjs')], { stdio: 'inherit' });
    /** Cold (`--refresh`: every page listed from s3rver) or warm (the pages from clip's listing cache). */
    const clipLs = async (warm = false) => {
      const r = await timeOnce(CLIP_BIN, ['ls', '/s3/big', ...(warm ? [] : ['--refresh'])], { env: clipEnv });
      if (r.code !== 0) throw new Error(`clip ls failed: ${r.stderr}`);
      const lines = r.stdout.trim().split('\n').length;
      if (lines !== OBJECTS) throw new Error(`clip ls printed ${lines} lines`);
      log(`    clip ls${warm ? ' (warm)' : ''}: ${s(r.ms)} (CPU ${r.cpuMs.toFixed(0)} ms)`);
      return warm ? r : r.ms;
    };
    const awsLs = async () => {
      const r = await timeOnce(AWS, ['s3', 'ls', `s3://${s3.bucket}/big/`, '--endpoint-url', s3.url], {
        env: awsEnv,
      });
      if (r.code !== 0) throw new Error(`aws s3 ls failed: ${r.stderr}`);
      log(`    aws s3 ls: ${s(r.ms)}`);
      return r.ms;
    };
    const times = { clip: [], aws: [], warm: [], warmCpu: [], warmServerCpu: [], floorCpu: [] };
    for (let r = 0; r < RUNS; r++) {
      if (r % 2) {
        times.aws.push(await awsLs());
        times.clip.push(await clipLs());
      } else {
        times.clip.push(await clipLs());
        times.aws.push(await awsLs());
      }
    }
    // Warm: the folder is in clip's listing cache (the last cold run filled it); one unmeasured run first.
    // Beside wall time (which grows with the machine's load), the CPU the command used and the CPU the
    // server used for it: the two take turns (a page is asked for once the one before is read), so on an
    // idle machine the warm listing takes about their sum. `node -e 0` is the floor of any Node command.
    await clipLs(true);
    for (let r = 0; r < RUNS; r++) {
      const before = serverCpu();
      const run = await clipLs(true);
      times.warmServerCpu.push(serverCpu() - before);
      times.warm.push(run.ms);
      times.warmCpu.push(run.cpuMs);
      times.floorCpu.push((await timeOnce(node24(), ['-e', '0'])).cpuMs);
    }
    const ratio = median(times.clip) / median(times.aws);
    const warmMs = median(times.warm);
    const warmCpu = median(times.warmCpu);
    const warmServerCpu = median(times.warmServerCpu);
    const idleEstimate = warmCpu + warmServerCpu;
    return {
      rows: [
        `| \`clip ls --refresh\` of ${OBJECTS} objects (cold) | ${s(median(times.clip))} | aws s3 ls: ${s(median(times.aws))} | ${percent(ratio)} | <= 100% | ${ratio <= 1 ? 'pass' : 'shortfall'} |`,
        `| \`clip ls\` of ${OBJECTS} objects (warm: clip's listing cache), wall time at this load | ${warmMs.toFixed(0)} ms | - | - | <= 100 ms | ${warmMs <= 100 ? 'pass' : 'shortfall'} |`,
        `| \`clip ls\` warm, CPU: the command's + the server's (about its wall time on an idle machine) | ${warmCpu.toFixed(0)} + ${warmServerCpu.toFixed(0)} = ${idleEstimate.toFixed(0)} ms | \`node -e 0\`: ${median(times.floorCpu).toFixed(0)} ms of CPU | - | <= 100 ms | ${idleEstimate <= 100 ? 'pass' : 'shortfall'} |`,
      ],
      settings: [
        `Folder: ${OBJECTS} small objects under one prefix of an s3rver bucket (s3rver in its own process), mounted at /s3 (cache bypassed with --refresh)`,
        `${RUNS} alternating runs of \`bin/clip ls /s3/big --refresh\` (a whole process, names on stdout, the CLI's bundle) and \`aws s3 ls s3://bucket/big/\`; then ${RUNS} runs of \`bin/clip ls /s3/big\` served from clip's listing cache (warm)`,
      ],
      runs: [
        `- clip ls: ${times.clip.map(s).join(', ')}`,
        `- aws s3 ls: ${times.aws.map(s).join(', ')}`,
        `- clip ls (warm): ${times.warm.map((t) => `${t.toFixed(0)} ms`).join(', ')}; CPU of the command ${times.warmCpu.map((t) => t.toFixed(0)).join(', ')} ms, of the server ${times.warmServerCpu.map((t) => t.toFixed(0)).join(', ')} ms; \`node -e 0\` ${times.floorCpu.map((t) => t.toFixed(0)).join(', ')} ms of CPU`,
      ],
    };
  } finally {
    await s3.stop();
  }
}

/**
 * (b) Start time. Each round runs every command once, in an order that rotates; CPU time (user + system
 * of the command) beside wall time, since wall time grows with the machine's load and CPU time barely.
 */
async function measureStart(clip) {
  // The launcher runs the prebuilt bundle only while it is current: build it, as `npm ci` does.
  execFileSync(node24(), [join(ROOT, 'bin/build-cli-bundle.mjs')], { stdio: 'inherit' });
  const key = await createApiKey(clip, { text_permission: true });
  const home = await mkdtemp(join(tmpdir(), 'clip-bench-start-'));
  try {
    const env = {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_CACHE_HOME: join(home, 'cache'),
      CLIP_SERVER: clip.url,
      CLIP_API_KEY: key.key,
    };
    const pasted = ({ stdout }) => stdout.includes('/paste/');
    const commands = [
      {
        label: '`node -e 0` (same Node; reference)',
        command: node24(),
        args: ['-e', '0'],
        check: () => true,
      },
      {
        label: '`clip --version`',
        args: ['--version'],
        targetMs: 120,
        check: ({ stdout }) => /\d+\.\d+\.\d+/.test(stdout),
      },
      { label: '`echo hi \\| clip paste`', args: ['paste'], input: 'hi\n', targetMs: 250, check: pasted },
      {
        label: '`echo hi \\| clip paste` from the TypeScript source (CLIP_CLI_SOURCE=1; before the bundle)',
        args: ['paste'],
        input: 'hi\n',
        env: { ...env, CLIP_CLI_SOURCE: '1' },
        check: pasted,
      },
    ];
    for (const c of commands) c.times = { ms: [], cpu: [] };
    // Two warm-up rounds fill Node's compile cache, as a user's first runs do.
    for (let r = -2; r < START_RUNS; r++) {
      for (let i = 0; i < commands.length; i++) {
        const c = commands[(i + Math.max(0, r)) % commands.length];
        const result = await timeOnce(c.command ?? CLIP_BIN, c.args, { env: c.env ?? env, input: c.input });
        if (result.code !== 0 || !c.check(result))
          throw new Error(`${c.label} failed (${result.code}): ${result.stderr}${result.stdout}`);
        if (r >= 0) {
          c.times.ms.push(result.ms);
          c.times.cpu.push(result.cpuMs);
        }
      }
    }
    const floor = median(commands[0].times.ms);
    const rows = commands.map((c) => {
      const ms = median(c.times.ms);
      const verdict = c.targetMs === undefined ? '-' : ms <= c.targetMs ? 'pass' : 'shortfall';
      return `| ${c.label} | ${ms.toFixed(0)} ms | ${median(c.times.cpu).toFixed(0)} ms | ${c === commands[0] ? '-' : `+${(ms - floor).toFixed(0)} ms`} | ${c.targetMs === undefined ? '-' : `<= ${c.targetMs} ms`} | ${verdict} |`;
    });
    return {
      rows,
      settings: [
        `Start time: ${START_RUNS} rounds after 2 warm-up rounds; each round runs \`node -e 0\`, \`bin/clip --version\`, \`echo hi | bin/clip paste\` (bundle) and the same paste from the TypeScript source, in a rotating order; CLIP_SERVER and an API key in the environment, a fresh HOME and XDG directories`,
      ],
      runs: commands.map(
        (c) =>
          `- ${c.label.replace('\\|', '|')}: ${c.times.ms.map((t) => t.toFixed(0)).join(', ')} ms (CPU ${c.times.cpu.map((t) => t.toFixed(0)).join(', ')} ms)`,
      ),
    };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

const loadAtStart = loadavg()[0];
const clip = await startClip();
try {
  const auth = await adminAuth(clip);
  const ls = PARTS.includes('ls') ? await measureLs(clip, auth) : null;
  const start = PARTS.includes('start') ? await measureStart(clip) : null;
  const lines = [];
  if (ls)
    lines.push(
      '| Measurement | clip (median) | Reference (median) | clip time / reference | Target | Result |',
      '|---|---:|---:|---:|---:|---|',
      ...ls.rows,
      '',
    );
  if (start)
    lines.push(
      '| Start time | Wall time (median) | CPU time (median) | Over `node -e 0` | Target | Result |',
      '|---|---:|---:|---:|---:|---|',
      ...start.rows,
    );
  process.stdout.write(`\ncli\n${lines.join('\n')}\n`);
  writeTransferReport('cli', {
    title:
      'Benchmark: the terminal client (clip ls of 10,000 objects, start time of clip --version and clip paste)',
    command: `npm run bench -- cli${process.env.BENCH_CLI_PARTS ? ` (BENCH_CLI_PARTS=${process.env.BENCH_CLI_PARTS})` : ''}`,
    settings: [
      ...(ls?.settings ?? []),
      ...(start?.settings ?? []),
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)}: ${Math.max(loadAtStart, loadavg()[0]) > cpus().length ? 'measured under load on a shared machine; wall times (and a round trip that waits on the loaded server) grow with the load, CPU times barely' : 'no more than the cores: a quiet machine, wall times as a user sees them'}`,
      '`clip put` of 1 GiB against `aws s3 cp`: bench/cli-put.mjs (bench/results/cli-put.md)',
    ],
    sections: [
      { title: 'Results', lines },
      { title: 'Runs', lines: [...(ls?.runs ?? []), ...(start?.runs ?? [])] },
    ],
  });
} finally {
  await clip.stop();
}
