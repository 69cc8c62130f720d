// WebDAV against the file-system API it wraps, measured in the same run on one clip process and one
// s3rver: (a) PUT of a 1 GiB file through /dav vs POST /api/admin/fs/upload (both streamed by curl,
// target >= 90% of the API's throughput); (b) GET of it through /dav vs /api/admin/fs/download (target
// >= 90%); the server's RSS is sampled throughout (target < 200 MiB); (c) PROPFIND Depth 1 of a
// 10,000-object folder vs the API's whole-folder listing (every page), both from a warm keep-alive
// client on a mount with the listing cache off (target: PROPFIND <= 1.2x the API's time).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAuth, apiCall } from './lib/clipApi.mjs';
import { serverEnvDefaults, startClip } from './lib/processes.mjs';
import { mebibytes, watchRss } from './lib/rss.mjs';
import { seedObjects } from './lib/seedObjects.mjs';
import { median, percent } from './lib/stats.mjs';
import { timeOnce } from './lib/timing.mjs';
import { printRows, resultLines, runLines, summarize, writeTransferReport } from './lib/transferReport.mjs';
import { MIB, prepareClip, startS3rverProcess, writeRandomFile } from './lib/uploadSetup.mjs';

const SIZE = Number(process.env.BENCH_WEBDAV_MIB ?? 1024) * MIB;
const RUNS = Number(process.env.BENCH_WEBDAV_RUNS ?? 3);
/** A download takes 1-2 s here, so one slow run moves a median of 3: more runs for the GETs. */
const GET_RUNS = Number(process.env.BENCH_WEBDAV_GET_RUNS ?? 7);
const OBJECTS = Number(process.env.BENCH_WEBDAV_OBJECTS ?? 10_000);
const LIST_RUNS = Number(process.env.BENCH_WEBDAV_LIST_RUNS ?? 7);
const RSS_LIMIT = 200 * MIB;
// The environment bin/clip-server sets (ADR 0033), as the server got it.
const launcherEnv = Object.entries(serverEnvDefaults())
  .map(([k, v]) => `${k}=${process.env[k] ?? v}`)
  .join(' ');
const log = (line) => process.stderr.write(`${line}\n`);

async function curl(label, args) {
  const r = await timeOnce('curl', ['-sS', '--fail', '-o', '/dev/null', ...args]);
  if (r.code !== 0) throw new Error(`${label}: curl exited with ${r.code}: ${r.stderr.trim()}`);
  log(`    ${label}: ${(r.ms / 1000).toFixed(2)} s`);
  return r.ms;
}

async function compare(measurement, subject, reference, rss, runs = RUNS) {
  const times = { subject: [], reference: [] };
  log(`  ${measurement}`);
  for (let r = 0; r < runs; r++) {
    const order = r % 2 ? ['reference', 'subject'] : ['subject', 'reference'];
    for (const key of order) {
      execFileSync('sync');
      const side = key === 'subject' ? subject : reference;
      const watched = await watchRss(rss.pid, () => side.run(r));
      rss.samples.push({ label: side.label, highest: watched.highest });
      times[key].push(watched.result);
    }
  }
  return {
    measurement,
    subjectLabel: subject.label,
    referenceLabel: reference.label,
    subject: summarize(times.subject, SIZE),
    reference: summarize(times.reference, SIZE),
    targetRatio: 0.9,
  };
}

const loadAtStart = loadavg()[0];
const work = await mkdtemp(join(tmpdir(), 'clip-bench-webdav-'));
const file = join(work, 'webdav-1g.bin');
log(`webdav: writing ${SIZE / MIB} MiB of random bytes to ${file}`);
await writeRandomFile(file, SIZE);

const clip = await startClip();
let s3;
try {
  s3 = await startS3rverProcess('bench-webdav');
  const auth = await adminAuth(clip);
  const configId = await prepareClip(clip, auth, s3, Math.ceil((SIZE * 2) / MIB));
  for (const [path, ttl] of [
    ['/s3', 300],
    ['/nocache', 0],
  ])
    await apiCall(`${clip.url}/api/admin/mounts`, {
      method: 'POST',
      auth,
      body: {
        name: `bench ${path.slice(1)}`,
        mount_path: path,
        storage_type: 's3',
        storage_config_id: configId,
        cache_ttl: ttl,
      },
    });
  const user = `${clip.admin.username}:${clip.admin.password}`;
  const rss = { pid: clip.pid, samples: [] };
  const remove = (path) =>
    apiCall(`${clip.url}/api/admin/fs/remove?path=${encodeURIComponent(path)}`, { method: 'DELETE', auth });

  const put = {
    label: 'PUT /dav (curl -T)',
    run: async (r) => {
      const ms = await curl('dav PUT', ['-u', user, '-T', file, `${clip.url}/dav/s3/dav-${r}.bin`]);
      await remove(`/s3/dav-${r}.bin`);
      return ms;
    },
  };
  const upload = {
    label: 'POST /api/admin/fs/upload (curl -F)',
    run: async (r) => {
      const ms = await curl('api upload', [
        '-H',
        `authorization: ${auth}`,
        '-F',
        'path=/s3',
        '-F',
        `file=@${file};filename=api-${r}.bin;type=application/octet-stream`,
        `${clip.url}/api/admin/fs/upload`,
      ]);
      await remove(`/s3/api-${r}.bin`);
      return ms;
    },
  };
  const rows = [await compare(`(a) ${SIZE / MIB} MiB upload into an s3rver mount`, put, upload, rss)];

  log('  storing the file once for the downloads');
  await curl('dav PUT (setup)', ['-u', user, '-T', file, `${clip.url}/dav/s3/download.bin`]);
  const get = {
    label: 'GET /dav',
    run: () => curl('dav GET', ['-u', user, `${clip.url}/dav/s3/download.bin`]),
  };
  const download = {
    label: 'GET /api/admin/fs/download',
    run: () =>
      curl('api download', [
        '-H',
        `authorization: ${auth}`,
        `${clip.url}/api/admin/fs/download?path=%2Fs3%2Fdownload.bin`,
      ]),
  };
  // The first read of an object just written is slower whichever side makes it (s3rver's cold path):
  // one untimed read, so that it does not land on the side that goes first (GET /dav, in 2 of 3 pairs).
  log('  one untimed download (warm-up)');
  await download.run();
  rows.push(
    await compare(`(b) ${SIZE / MIB} MiB download from an s3rver mount`, get, download, rss, GET_RUNS),
  );

  log(`  (c) filling s3rver with ${OBJECTS} objects`);
  await seedObjects(s3, OBJECTS);
  const propfind = async () => {
    const res = await fetch(`${clip.url}/dav/nocache/big/`, {
      method: 'PROPFIND',
      headers: { authorization: `Basic ${Buffer.from(user).toString('base64')}`, depth: '1' },
    });
    const body = await res.text();
    const count = body.split('<D:response>').length - 2;
    if (res.status !== 207 || count !== OBJECTS)
      throw new Error(`PROPFIND answered ${res.status} with ${count} entries`);
  };
  const apiList = async () => {
    let cursor = null;
    let count = 0;
    do {
      const data = await apiCall(
        `${clip.url}/api/admin/fs/list?path=%2Fnocache%2Fbig&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { auth },
      );
      count += data.items.length;
      cursor = data.next_cursor;
    } while (cursor);
    if (count !== OBJECTS) throw new Error(`the API listed ${count} items`);
  };
  const timed = async (fn) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  await propfind();
  await apiList();
  const listTimes = { dav: [], api: [] };
  for (let r = 0; r < LIST_RUNS; r++) {
    if (r % 2) {
      listTimes.api.push(await timed(apiList));
      listTimes.dav.push(await timed(propfind));
    } else {
      listTimes.dav.push(await timed(propfind));
      listTimes.api.push(await timed(apiList));
    }
  }
  const davMs = median(listTimes.dav);
  const apiMs = median(listTimes.api);
  const listRatio = davMs / apiMs;
  const listLine = `(c) ${OBJECTS}-object folder, cache off: PROPFIND Depth 1 ${davMs.toFixed(0)} ms vs API list (all pages) ${apiMs.toFixed(0)} ms, ${listRatio.toFixed(2)}x (target <= 1.20x): ${listRatio <= 1.2 ? 'pass' : 'shortfall'}`;

  const highest = Math.max(...rss.samples.map((x) => x.highest));
  const perSide = [...new Set(rss.samples.map((x) => x.label))]
    .map(
      (label) =>
        `${label}: ${mebibytes(Math.max(...rss.samples.filter((x) => x.label === label).map((x) => x.highest)))}`,
    )
    .join('; ');
  const rssLine = `server RSS sampled every 50 ms during the transfers: highest ${mebibytes(highest)} (target < 200 MiB): ${highest < RSS_LIMIT ? 'pass' : 'shortfall'}`;
  printRows('webdav', rows, [listLine, rssLine, perSide]);
  writeTransferReport('webdav', {
    title: `Benchmark: WebDAV (${SIZE / MIB} MiB PUT and GET, ${OBJECTS}-object PROPFIND) against the fs API`,
    command: 'npm run bench -- webdav',
    settings: [
      `File: ${SIZE / MIB} MiB of random bytes in the OS temp dir; each upload is removed before the next`,
      `Runs: ${RUNS} per upload and ${GET_RUNS} per download (subject and reference alternating; the downloads after one untimed API download of the object), ${LIST_RUNS} per listing after one warm-up each; medians reported`,
      `clip: the server as \`npm start\` runs it (its bundle, ADR 0023; ${launcherEnv}), SQLite in a temp data dir, CLIP_LOG_LEVEL=warn, webdav_upload_mode auto; mounts /s3 (cache 300 s) and /nocache (cache off) over one s3rver config`,
      'Transfers: curl (one process per command, admin Basic auth for /dav, the bearer token for /api); the listing: fetch with keep-alive from the bench process',
      'Both sides of each comparison run the same fs service and driver: the ratio is the cost of the WebDAV layer',
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (other work on a shared machine moves these figures)`,
    ],
    sections: [
      { title: 'Transfers (median wall time of whole commands)', lines: resultLines(rows) },
      {
        title: 'Listing',
        lines: [
          `- ${listLine}`,
          `- PROPFIND runs (ms): ${listTimes.dav.map((t) => t.toFixed(0)).join(', ')}`,
          `- API list runs (ms): ${listTimes.api.map((t) => t.toFixed(0)).join(', ')}`,
          `- PROPFIND time as a share of the API's: ${percent(listRatio)}`,
        ],
      },
      { title: 'Memory', lines: [`- ${rssLine}`, `- ${perSide}`] },
      { title: 'Runs', lines: runLines(rows) },
    ],
  });
} finally {
  await s3?.stop();
  await clip.stop();
  await rm(work, { recursive: true, force: true });
}
