// Listing a folder of 10,000 objects in s3rver: (a) a cold listing through clip (every page, cache
// bypassed with refresh=true, as a whole command in its own process) against `aws s3 ls` of the same
// prefix (target: clip's time <= 1.2x aws); (b) a cached listing: the median of one page (1,000 items)
// served from clip's listing cache, and of the whole folder, from a warm keep-alive client (target <= 5 ms).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { adminAuth, apiCall } from './lib/clipApi.mjs';
import { BENCH_DIR, node24 } from './lib/paths.mjs';
import { startClip } from './lib/processes.mjs';
import { seedObjects } from './lib/seedObjects.mjs';
import { median, percent } from './lib/stats.mjs';
import { timeOnce } from './lib/timing.mjs';
import { writeTransferReport } from './lib/transferReport.mjs';
import { prepareClip, startS3rverProcess } from './lib/uploadSetup.mjs';

const OBJECTS = Number(process.env.BENCH_LIST_OBJECTS ?? 10_000);
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 5);
const CACHED_SAMPLES = Number(process.env.BENCH_LIST_SAMPLES ?? 200);
const AWS = existsSync('/usr/bin/aws') ? '/usr/bin/aws' : 'aws';
const log = (line) => process.stderr.write(`${line}\n`);
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

const loadAtStart = loadavg()[0];
const clip = await startClip();
let s3;
try {
  s3 = await startS3rverProcess('bench-list');
  const auth = await adminAuth(clip);
  const configId = await prepareClip(clip, auth, s3, 100);
  await apiCall(`${clip.url}/api/admin/mounts`, {
    method: 'POST',
    auth,
    body: {
      name: 'bench s3',
      mount_path: '/s3',
      storage_type: 's3',
      storage_config_id: configId,
      cache_ttl: 3600,
    },
  });
  log(`list: putting ${OBJECTS} objects into s3rver`);
  const filled = performance.now();
  await seedObjects(s3, OBJECTS);
  log(`  filled in ${s(performance.now() - filled)}`);
  const token = auth.slice('Bearer '.length);
  const awsEnv = { ...process.env, ...s3.credentials };

  const clipCold = async () => {
    const r = await timeOnce(node24(), [
      '--disable-warning=ExperimentalWarning',
      join(BENCH_DIR, 'lib/sdkFsList.mjs'),
      JSON.stringify({ server: clip.url, token, folder: '/s3/big' }),
    ]);
    if (r.code !== 0) throw new Error(`clip list failed: ${r.stderr}`);
    const { items } = JSON.parse(r.stdout);
    if (items !== OBJECTS) throw new Error(`clip listed ${items} items`);
    log(`    clip cold list: ${s(r.ms)}`);
    return r.ms;
  };
  const awsLs = async () => {
    const r = await timeOnce(AWS, ['s3', 'ls', `s3://${s3.bucket}/big/`, '--endpoint-url', s3.url], {
      env: awsEnv,
    });
    if (r.code !== 0) throw new Error(`aws s3 ls failed: ${r.stderr}`);
    const lines = r.stdout.trim().split('\n').length;
    if (lines !== OBJECTS) throw new Error(`aws listed ${lines} lines`);
    log(`    aws s3 ls: ${s(r.ms)}`);
    return r.ms;
  };
  // A command that only starts Node and loads the SDK: how much of clip's time is process start.
  const nodeStart = async () =>
    (
      await timeOnce(node24(), ['--disable-warning=ExperimentalWarning', '-e', "await import('@clip/sdk')"], {
        cwd: BENCH_DIR,
      })
    ).ms;

  const times = { clip: [], aws: [], node: [] };
  log('  (a) cold listing');
  for (let r = 0; r < RUNS; r++) {
    if (r % 2) {
      times.aws.push(await awsLs());
      times.clip.push(await clipCold());
    } else {
      times.clip.push(await clipCold());
      times.aws.push(await awsLs());
    }
    times.node.push(await nodeStart());
  }

  log('  (b) cached listing');
  const headers = { authorization: auth };
  const page = `${clip.url}/api/admin/fs/list?path=%2Fs3%2Fbig&limit=1000`;
  const fetchJson = async (url) => {
    const res = await fetch(url, { headers });
    const body = await res.json();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return body.data;
  };
  // Fill the cache (one whole listing), then warm the connection.
  let cursor = null;
  do {
    const data = await fetchJson(`${page}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    cursor = data.next_cursor;
  } while (cursor);
  for (let i = 0; i < 20; i++) await fetchJson(page);
  const pageTimes = [];
  for (let i = 0; i < CACHED_SAMPLES; i++) {
    const t = performance.now();
    const data = await fetchJson(page);
    pageTimes.push(performance.now() - t);
    if (data.items.length !== 1000) throw new Error(`a cached page had ${data.items.length} items`);
  }
  const wholeTimes = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    let c = null;
    let n = 0;
    do {
      const data = await fetchJson(`${page}${c ? `&cursor=${encodeURIComponent(c)}` : ''}`);
      n += data.items.length;
      c = data.next_cursor;
    } while (c);
    wholeTimes.push(performance.now() - t);
    if (n !== OBJECTS) throw new Error(`a cached whole listing had ${n} items`);
  }

  const clipMs = median(times.clip);
  const awsMs = median(times.aws);
  const ratio = clipMs / awsMs;
  const pageMedian = median(pageTimes);
  const lines = [
    '| Measurement | clip (median) | Reference (median) | clip time / reference | Target | Result |',
    '|---|---:|---:|---:|---:|---|',
    `| (a) cold listing of ${OBJECTS} objects (whole command) | ${s(clipMs)} | aws s3 ls: ${s(awsMs)} | ${percent(ratio)} | <= 120% | ${ratio <= 1.2 ? 'pass' : `shortfall: ${percent(ratio - 1.2)} over`} |`,
    `| (b) cached listing, one page of 1,000 items | ${pageMedian.toFixed(2)} ms | - | - | <= 5 ms | ${pageMedian <= 5 ? 'pass' : 'shortfall'} |`,
    `| (b) cached listing, the whole folder (${Math.ceil(OBJECTS / 1000)} pages) | ${median(wholeTimes).toFixed(1)} ms | - | - | - | no target |`,
  ];
  process.stdout.write(`\nlist\n${lines.join('\n')}\n`);
  writeTransferReport('list', {
    title: `Benchmark: listing a folder of ${OBJECTS} objects in s3rver`,
    command: 'npm run bench -- list',
    settings: [
      `Folder: ${OBJECTS} small objects under one prefix of an s3rver bucket (s3rver 3.7.1 in its own process), mounted at /s3`,
      `(a): ${RUNS} runs each, alternating; clip = bench/lib/sdkFsList.mjs in its own process (SDK listAll with refresh=true: ${Math.ceil(OBJECTS / 1000)} pages of 1,000, each a ListObjectsV2 call by the server); aws = \`aws s3 ls s3://bucket/big/\``,
      `(b): ${CACHED_SAMPLES} sequential GETs of one cached page over a keep-alive connection from the bench process; 20 whole-folder listings`,
      'clip: the server as `npm start` runs it (its bundle, ADR 0023), SQLite in a temp data dir, CLIP_LOG_LEVEL=warn; mount cache_ttl 3600 s',
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (other work on a shared machine moves these figures)`,
    ],
    sections: [
      { title: 'Results', lines },
      {
        title: 'Runs',
        lines: [
          `- clip cold list: ${times.clip.map(s).join(', ')}`,
          `- aws s3 ls: ${times.aws.map(s).join(', ')}`,
          `- Node start + SDK import alone (part of clip's whole-command time): median ${s(median(times.node))}`,
          `- cached page: p50 ${pageMedian.toFixed(2)} ms, p90 ${[...pageTimes].sort((a, b) => a - b)[Math.floor(pageTimes.length * 0.9)].toFixed(2)} ms`,
        ],
      },
    ],
  });
} finally {
  await s3?.stop();
  await clip.stop();
}
