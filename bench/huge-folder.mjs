// A folder of 100,000 objects in s3rver and on local disk (issue 34, item 3):
// (a) the API's first page of the folder, listed from storage (refresh=true), against the storage's own
//     first page fetched by the bench process: ListObjectsV2 (1,000 keys) from s3rver, and for the disk
//     what any sorted first page costs (readdir, sort, stat of 1,000); target clip <= 1.5x;
// (b) `clip ls` of the whole folder: the command's peak RSS against `clip ls` of a 1,000-object folder
//     (bounded memory: the same, whatever the folder holds);
// (c) WebDAV PROPFIND Depth 1 of the folder: the server's RSS growth while it answers, against the same
//     PROPFIND of a folder a quarter its size, each on a fresh server and through mounts without a listing
//     cache, so both are paged from storage as the answer is written (bounded: four times the entries, not
//     four times the memory; a 1,000-object folder was answered from the cache, too little to compare).
// (b) and (c) read s3rver's folder of 25,000 (BENCH_HUGE_S3_WHOLE; over the 20,000 a cache holds, so
// paged from storage as the 100,000 are): s3rver re-reads its whole folder on disk for every page, 5 to
// 15 s a page of the 100,000 on the shared machine, so reading that one whole would take 10 to 25 min.
//
//   npm run bench -- huge-folder        (BENCH_HUGE_OBJECTS=20000 for a quicker, smaller run)
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { adminAuth } from './lib/clipApi.mjs';
import { CLIP_BIN, node24, ROOT } from './lib/paths.mjs';
import { startClip } from './lib/processes.mjs';
import { mebibytes, watchRss } from './lib/rss.mjs';
import { hugeName, mountHugeStorages, seedLocalFolder, seedS3rverFolder } from './lib/seedHugeFolder.mjs';
import { median, percent } from './lib/stats.mjs';
import { timeOnce } from './lib/timing.mjs';
import { writeTransferReport } from './lib/transferReport.mjs';
import { startS3rverProcess } from './lib/uploadSetup.mjs';

const OBJECTS = Number(process.env.BENCH_HUGE_OBJECTS ?? 100_000);
const SMALL = 1000;
const S3_WHOLE = Number(process.env.BENCH_HUGE_S3_WHOLE ?? 25_000);
/** (c)'s reference folders: a quarter of the huge ones. */
const QUARTER = 4;
const RUNS = Number(process.env.BENCH_HUGE_RUNS ?? 5);
const PAGE_TARGET = 1.5;
const log = (line) => process.stderr.write(`${line}\n`);
const ms = (x) => `${x.toFixed(0)} ms`;
const s = (x) => `${(x / 1000).toFixed(1)} s`;

const loadAtStart = loadavg();
const work = await mkdtemp(join(tmpdir(), 'clip-bench-huge-'));
const clip = await startClip();
let s3;
try {
  s3 = await startS3rverProcess('bench-huge');
  const auth = await adminAuth(clip);
  await mountHugeStorages(clip, auth, s3, join(work, 'disk'), { live: true });
  log(`huge-folder: writing ${OBJECTS} objects into s3rver's store and ${OBJECTS} files on disk`);
  const seeding = performance.now();
  await seedS3rverFolder(s3, 'big', OBJECTS);
  await seedS3rverFolder(s3, 'whole', S3_WHOLE);
  await seedS3rverFolder(s3, 'small', SMALL);
  await seedS3rverFolder(s3, 'quarter', S3_WHOLE / QUARTER);
  await seedLocalFolder(join(work, 'disk', 'big'), OBJECTS);
  await seedLocalFolder(join(work, 'disk', 'small'), SMALL);
  await seedLocalFolder(join(work, 'disk', 'quarter'), OBJECTS / QUARTER);
  log(`  written in ${s(performance.now() - seeding)}`);

  // (a) first page: clip's API against the storage's own, alternating.
  const s3Client = new S3Client({
    endpoint: s3.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const apiFirstPage = async (path) => {
    const t = performance.now();
    const res = await fetch(
      `${clip.url}/api/admin/fs/list?path=${encodeURIComponent(path)}&refresh=true&limit=1000`,
      { headers: { authorization: auth } },
    );
    const { data } = await res.json();
    const elapsed = performance.now() - t;
    if (data?.items?.length !== 1000 || !data.next_cursor)
      throw new Error(`${path}: not a first page of 1,000`);
    if (data.items[0].name !== hugeName(0)) throw new Error(`${path}: first item ${data.items[0].name}`);
    return elapsed;
  };
  const s3FirstPage = async () => {
    const t = performance.now();
    const page = await s3Client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'big/', Delimiter: '/', MaxKeys: 1000 }),
    );
    const elapsed = performance.now() - t;
    if (page.Contents?.length !== 1000) throw new Error('s3rver: not a page of 1,000');
    return elapsed;
  };
  const diskFirstPage = async () => {
    const dir = join(work, 'disk', 'big');
    const t = performance.now();
    const names = (await readdir(dir)).sort();
    await Promise.all(names.slice(0, 1000).map((n) => stat(join(dir, n))));
    return performance.now() - t;
  };
  // One unmeasured round each first: the first listing of a folder also starts the cache fill behind it.
  await Promise.all([apiFirstPage('/s3/big'), s3FirstPage(), apiFirstPage('/disk/big'), diskFirstPage()]);
  const firstPages = { s3: { clip: [], ref: [] }, disk: { clip: [], ref: [] } };
  for (let r = 0; r < RUNS; r++) {
    firstPages.s3.clip.push(await apiFirstPage('/s3/big'));
    firstPages.s3.ref.push(await s3FirstPage());
    firstPages.disk.ref.push(await diskFirstPage());
    firstPages.disk.clip.push(await apiFirstPage('/disk/big'));
    log(
      `  (a) round ${r + 1}: s3 ${ms(firstPages.s3.clip.at(-1))} vs ${ms(firstPages.s3.ref.at(-1))}, disk ${ms(firstPages.disk.clip.at(-1))} vs ${ms(firstPages.disk.ref.at(-1))}`,
    );
  }
  s3Client.destroy();

  // (b) clip ls: peak RSS of the whole command (GNU time's %M), the huge folder against the small one.
  // The launcher runs the prebuilt bundle only while it is current: build it, as `npm ci` does.
  execFileSync(node24(), [join(ROOT, 'bin/build-cli-bundle.mjs')], { stdio: 'inherit' });
  const clipEnv = { ...process.env, CLIP_SERVER: clip.url, CLIP_TOKEN: auth.slice('Bearer '.length) };
  const clipLs = async (path, expected) => {
    const r = await timeOnce('/usr/bin/time', ['-f', '%M', CLIP_BIN, 'ls', path, '--refresh'], {
      env: clipEnv,
    });
    if (r.code !== 0) throw new Error(`clip ls ${path} failed: ${r.stderr}`);
    const lines = r.stdout.trimEnd().split('\n').length;
    if (lines !== expected) throw new Error(`clip ls ${path} printed ${lines} lines`);
    const peakKiB = Number(r.stderr.trim().split('\n').at(-1));
    log(`  (b) clip ls ${path}: ${s(r.ms)}, peak RSS ${mebibytes(peakKiB * 1024)}`);
    return { ms: r.ms, peak: peakKiB * 1024 };
  };
  const ls = {};
  for (const [label, path, n] of [
    ['s3 small', '/s3/small', SMALL],
    ['s3 huge', '/s3/whole', S3_WHOLE],
    ['disk small', '/disk/small', SMALL],
    ['disk huge', '/disk/big', OBJECTS],
  ])
    ls[label] = await clipLs(path, n);

  // (c) PROPFIND Depth 1, each on a server of its own started for it (the same state before each: what an
  // earlier answer left in the heap would count against the next), mounting the same storages without a
  // listing cache; the server's RSS sampled every 20 ms, the body counted as it streams.
  const propfind = async (path, expected) => {
    const fresh = await startClip();
    try {
      const freshAuth = await adminAuth(fresh);
      await mountHugeStorages(fresh, freshAuth, s3, join(work, 'disk'), { live: true });
      const basic = `Basic ${Buffer.from(`${fresh.admin.username}:${fresh.admin.password}`).toString('base64')}`;
      const t = performance.now();
      const watched = await watchRss(
        fresh.pid,
        async () => {
          const res = await fetch(`${fresh.url}/dav${path}/`, {
            method: 'PROPFIND',
            headers: { authorization: basic, depth: '1' },
          });
          if (res.status !== 207) throw new Error(`PROPFIND ${path}: ${res.status}`);
          let responses = 0;
          let bytes = 0;
          let carry = '';
          const decoder = new TextDecoder();
          for await (const chunk of res.body) {
            bytes += chunk.length;
            const text = carry + decoder.decode(chunk, { stream: true });
            responses += text.split('<D:response>').length - 1;
            carry = text.slice(-12);
            if (carry.includes('<D:response>')) carry = '';
          }
          return { responses, bytes };
        },
        20,
      );
      const elapsed = performance.now() - t;
      const { responses, bytes } = watched.result;
      if (responses !== expected + 1) throw new Error(`PROPFIND ${path}: ${responses} responses`);
      const grew = watched.highest - watched.before;
      log(
        `  (c) PROPFIND ${path}: ${s(elapsed)}, ${(bytes / 1e6).toFixed(1)} MB answered, server RSS ${mebibytes(watched.before)} -> highest ${mebibytes(watched.highest)} (+${mebibytes(grew)})`,
      );
      return { ms: elapsed, before: watched.before, highest: watched.highest, grew, bytes };
    } finally {
      await fresh.stop();
    }
  };
  const dav = {};
  for (const [label, path, n] of [
    ['s3 quarter', '/s3-live/quarter', S3_WHOLE / QUARTER],
    ['s3 huge', '/s3-live/whole', S3_WHOLE],
    ['disk quarter', '/disk-live/quarter', OBJECTS / QUARTER],
    ['disk huge', '/disk-live/big', OBJECTS],
  ])
    dav[label] = await propfind(path, n);

  const pageRow = (label, times, refLabel) => {
    const clipMs = median(times.clip);
    const refMs = median(times.ref);
    const ratio = clipMs / refMs;
    return `| (a) first page of the ${OBJECTS}-object folder, ${label} | ${ms(clipMs)} | ${refLabel}: ${ms(refMs)} | ${ratio.toFixed(2)}x | <= ${PAGE_TARGET}x | ${ratio <= PAGE_TARGET ? 'pass' : `shortfall: ${percent(ratio - PAGE_TARGET)} over`} |`;
  };
  const boundedRow = (measurement, huge, small, value, n = OBJECTS, smallN = SMALL) =>
    `| ${measurement} | ${n} objects: ${value(huge)} | ${smallN} objects: ${value(small)} | ${(huge.peak ?? huge.grew) <= 1.25 * (small.peak ?? small.grew) + 8 * 1024 * 1024 ? 'bounded' : 'grows with the folder'} |`;
  const lines = [
    '| Measurement | clip (median) | Reference (median) | clip / reference | Target | Result |',
    '|---|---:|---:|---:|---:|---|',
    pageRow('s3rver', firstPages.s3, 'ListObjectsV2 of 1,000'),
    pageRow('local disk', firstPages.disk, 'readdir + sort + stat of 1,000'),
    '',
    '| Measurement | The huge folder | Reference | Memory |',
    '|---|---:|---:|---|',
    boundedRow(
      '(b) `clip ls` of the folder (s3rver), peak RSS of the command',
      ls['s3 huge'],
      ls['s3 small'],
      (x) => `${mebibytes(x.peak)} in ${s(x.ms)}`,
      S3_WHOLE,
    ),
    boundedRow(
      '(b) `clip ls` of the folder (local disk), peak RSS of the command',
      ls['disk huge'],
      ls['disk small'],
      (x) => `${mebibytes(x.peak)} in ${s(x.ms)}`,
    ),
    boundedRow(
      '(c) PROPFIND Depth 1 (s3rver), server RSS growth while answering',
      dav['s3 huge'],
      dav['s3 quarter'],
      (x) => `+${mebibytes(x.grew)} in ${s(x.ms)} (${(x.bytes / 1e6).toFixed(0)} MB answered)`,
      S3_WHOLE,
      S3_WHOLE / QUARTER,
    ),
    boundedRow(
      '(c) PROPFIND Depth 1 (local disk), server RSS growth while answering',
      dav['disk huge'],
      dav['disk quarter'],
      (x) => `+${mebibytes(x.grew)} in ${s(x.ms)} (${(x.bytes / 1e6).toFixed(0)} MB answered)`,
      OBJECTS,
      OBJECTS / QUARTER,
    ),
  ];
  process.stdout.write(`\nhuge-folder\n${lines.join('\n')}\n`);
  const loadAtEnd = loadavg();
  const load = (l) => l.map((x) => x.toFixed(1)).join(' / ');
  writeTransferReport('huge-folder', {
    title: `Benchmark: a folder of ${OBJECTS} objects in s3rver and on local disk`,
    command: 'npm run bench -- huge-folder',
    settings: [
      `Folder: ${OBJECTS} small objects under one prefix of an s3rver bucket (s3rver in its own process; written straight into its filesystem store) and ${OBJECTS} files in one folder of a local storage, mounted at /s3 and /disk with cache_ttl 3600 s (and at /s3-live and /disk-live with no listing cache, for (c)); beside each a folder of ${SMALL} and one a quarter the size of the one (c) reads, and in s3rver one of ${S3_WHOLE} that (b) and (c) read whole (s3rver re-reads its folder on disk for every page: a page of the ${OBJECTS} took 5-15 s here)`,
      `(a): ${RUNS} rounds after one unmeasured round, alternating; clip = \`GET /api/admin/fs/list?refresh=true&limit=1000\` from the bench process (a folder over 20,000 items is never cached, so every first page is listed from storage); reference = the storage's own first page fetched by the bench process`,
      '(b): `bin/clip ls <folder> --refresh` under GNU time (`%M`: the peak RSS of the command); (c): `PROPFIND` Depth 1 through `/dav` and the mounts without a listing cache, with the body read as it streams, the server process RSS sampled every 20 ms; each on a server started for it; the huge folder against one a quarter its size (bounded: within 1.25x + 8 MiB of the quarter growth)',
      'clip: the server as `npm start` runs it (its bundle, ADR 0023), SQLite in a temp data dir, CLIP_LOG_LEVEL=warn',
      `Load average (1 / 5 / 15 min) of the machine at start and end: ${load(loadAtStart)}; ${load(loadAtEnd)} (the machine is shared: wall times grow with the load, ratios less)`,
    ],
    sections: [
      { title: 'Results', lines },
      {
        title: 'Runs',
        lines: [
          `- API first page, s3rver: ${firstPages.s3.clip.map(ms).join(', ')}; ListObjectsV2: ${firstPages.s3.ref.map(ms).join(', ')}`,
          `- API first page, local disk: ${firstPages.disk.clip.map(ms).join(', ')}; readdir + sort + stat: ${firstPages.disk.ref.map(ms).join(', ')}`,
          ...Object.entries(ls).map(([k, v]) => `- clip ls, ${k}: ${s(v.ms)}, peak RSS ${mebibytes(v.peak)}`),
          ...Object.entries(dav).map(
            ([k, v]) =>
              `- PROPFIND, ${k}: ${s(v.ms)}, server RSS ${mebibytes(v.before)} before, highest ${mebibytes(v.highest)}`,
          ),
        ],
      },
    ],
  });
} finally {
  await s3?.stop();
  await clip.stop();
  await rm(work, { recursive: true, force: true });
}
