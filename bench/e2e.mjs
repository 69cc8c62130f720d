// End-to-end encryption through the terminal client: `clip upload --encrypt` and `clip get <link#k=...>`
// of a 1 GiB file against the plain `clip upload` and `clip get` of the same file, measured in the same
// run (the reference), against the server on local storage. Throughput of whole commands and the peak
// resident memory of the client (VmHWM of the clip process). Targets: encrypted throughput >= 70% of
// plain, and the client's peak memory bounded: <= 256 MiB for a 1 GiB file (a client that held the
// file, as PrivateBin's browser does, would need more than the file's size).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAuth, apiCall } from './lib/clipApi.mjs';
import { exitedChildrenCpuMs } from './lib/cpuTime.mjs';
import { CLIP_BIN, node24, ROOT } from './lib/paths.mjs';
import { startClip } from './lib/processes.mjs';
import { mebibytes } from './lib/rss.mjs';
import { median, percent } from './lib/stats.mjs';
import { resultLines, runLines, summarize, writeTransferReport } from './lib/transferReport.mjs';
import { deleteShare, MIB, writeRandomFile } from './lib/uploadSetup.mjs';

const SIZE = Number(process.env.BENCH_E2E_MIB ?? 1024) * MIB;
const RUNS = Number(process.env.BENCH_E2E_RUNS ?? 3);
const RSS_CEILING = 256 * MIB;
const log = (line) => process.stderr.write(`${line}\n`);

const peakOf = (pid) => {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0; // exited between two reads: the last read stands
  }
};

/**
 * Runs bin/clip once: wall time, CPU time, and its peak RSS (VmHWM only grows, so the last read before
 * exit is the peak to within one 20 ms sampling interval; bin/clip execs Node, so the pid is the client).
 */
function clipRun(args, env) {
  return new Promise((resolve, reject) => {
    const cpuBefore = exitedChildrenCpuMs();
    const started = process.hrtime.bigint();
    const child = spawn(CLIP_BIN, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, peakOf(child.pid));
    }, 20);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return reject(new Error(`clip ${args.join(' ')} exited ${code}: ${stderr}`));
      resolve({ ms, cpuMs: exitedChildrenCpuMs() - cpuBefore, peak, stdout });
    });
  });
}

async function sha256(path) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

const loadAtStart = loadavg()[0];
// The launcher runs the prebuilt bundle only while it is current: build it, as `npm ci` does.
execFileSync(node24(), [join(ROOT, 'bin/build-cli-bundle.mjs')], { stdio: 'inherit' });
const work = await mkdtemp(join(tmpdir(), 'clip-bench-e2e-'));
const file = join(work, 'e2e-1g.bin');
log(`e2e: writing ${SIZE / MIB} MiB of random bytes to ${file}`);
await writeRandomFile(file, SIZE);
const sourceHash = await sha256(file);
const clip = await startClip();
try {
  const auth = await adminAuth(clip);
  await apiCall(`${clip.url}/api/admin/system-settings`, {
    method: 'PUT',
    auth,
    body: { max_upload_size: Math.ceil((SIZE * 2) / MIB) },
  });
  const env = {
    ...process.env,
    HOME: join(work, 'home'),
    XDG_CONFIG_HOME: join(work, 'home', 'config'),
    CLIP_SERVER: clip.url,
    CLIP_TOKEN: auth.slice('Bearer '.length),
  };
  const sides = {
    plain: { upload: [], download: [], upRss: [], downRss: [], upCpu: [], downCpu: [] },
    encrypted: { upload: [], download: [], upRss: [], downRss: [], upCpu: [], downCpu: [] },
  };
  for (let r = 0; r < RUNS; r++) {
    for (const side of r % 2 ? ['encrypted', 'plain'] : ['plain', 'encrypted']) {
      const s = sides[side];
      execFileSync('sync');
      const up = await clipRun(
        ['upload', ...(side === 'encrypted' ? ['--encrypt'] : []), file, '--json'],
        env,
      );
      const [created] = JSON.parse(up.stdout);
      s.upload.push(up.ms);
      s.upRss.push(up.peak);
      s.upCpu.push(up.cpuMs);
      const out = join(work, `${side}-${r}.out`);
      execFileSync('sync');
      const down = await clipRun(['get', created.url, '-o', out], env);
      s.download.push(down.ms);
      s.downRss.push(down.peak);
      s.downCpu.push(down.cpuMs);
      if ((await stat(out)).size !== SIZE) throw new Error(`${side} download has the wrong size`);
      if (r === 0 && (await sha256(out)) !== sourceHash)
        throw new Error(`${side} download differs from the file`);
      await rm(out);
      await deleteShare(clip, auth, created.id);
      log(
        `    ${side}: upload ${(up.ms / 1000).toFixed(2)} s (peak ${mebibytes(up.peak)}), download ${(down.ms / 1000).toFixed(2)} s (peak ${mebibytes(down.peak)})`,
      );
    }
  }
  const rows = ['upload', 'download'].map((kind) => ({
    measurement: `${kind} of ${SIZE / MIB} MiB through bin/clip, encrypted vs plain`,
    subjectLabel: kind === 'upload' ? 'clip upload --encrypt' : 'clip get <link#k=...>',
    referenceLabel: kind === 'upload' ? 'clip upload' : 'clip get <link>',
    subject: summarize(sides.encrypted[kind], SIZE),
    reference: summarize(sides.plain[kind], SIZE),
    targetRatio: 0.7,
  }));
  const rssRows = ['up', 'down'].map((k) => {
    const enc = Math.max(...sides.encrypted[`${k}Rss`]);
    const plain = Math.max(...sides.plain[`${k}Rss`]);
    const ok = enc <= RSS_CEILING;
    return `| ${k === 'up' ? 'upload' : 'download'} | ${mebibytes(enc)} | ${mebibytes(plain)} | ${percent(enc / plain)} | encrypted <= ${mebibytes(RSS_CEILING)} | ${ok ? 'pass' : 'shortfall'} |`;
  });
  const cpuLine = `CPU time of the client (user + system, median): upload encrypted ${(median(sides.encrypted.upCpu) / 1000).toFixed(2)} s, plain ${(median(sides.plain.upCpu) / 1000).toFixed(2)} s; download encrypted ${(median(sides.encrypted.downCpu) / 1000).toFixed(2)} s, plain ${(median(sides.plain.downCpu) / 1000).toFixed(2)} s (the server not counted)`;
  const rssLines = [
    '| Client peak RSS (highest of the runs) | encrypted | plain | encrypted / plain | Target | Result |',
    '|---|---:|---:|---:|---:|---|',
    ...rssRows,
  ];
  process.stdout.write(`\ne2e\n${[...resultLines(rows), '', ...rssLines, '', cpuLine].join('\n')}\n`);
  writeTransferReport('e2e', {
    title: `Benchmark: end-to-end encrypted upload and download of ${SIZE / MIB} MiB through the CLI vs plain`,
    command: 'npm run bench -- e2e',
    settings: [
      `File: ${SIZE / MIB} MiB of random bytes in the OS temp dir; each download checked for size (and the first run's for its SHA-256) then removed, each share deleted after its run`,
      `Runs: ${RUNS} per side, alternating which side goes first; medians reported`,
      'clip: the server as `npm start` runs it (its bundle), SQLite and local storage (the default config: direct upload, one streamed form), CLIP_LOG_LEVEL=warn; the client is bin/clip on its prebuilt bundle, stdout a pipe (no progress bars)',
      'Encrypted: `clip upload --encrypt FILE` (AES-256-GCM in 64 KiB chunks through WebCrypto, made as the form streams, docs/e2e-format.md) and `clip get <link#k=...> -o OUT` (verified chunk by chunk into a temp file renamed at the end); plain: the same commands without --encrypt and without the key',
      'Peak RSS: VmHWM of the clip process read every 20 ms until it exits (bin/clip execs Node, so that pid is the client)',
      `Load average (1 min) of the machine at start and end: ${loadAtStart.toFixed(1)}, ${loadavg()[0].toFixed(1)} (a shared 2-core machine: client and server compete for the same cores, so wall times grow with load)`,
    ],
    sections: [
      {
        title: 'Results (median wall time of whole commands)',
        lines: [...resultLines(rows), '', ...rssLines, '', `- ${cpuLine}`],
      },
      {
        title: 'Runs',
        lines: [
          ...runLines(rows),
          '',
          ...['plain', 'encrypted'].map(
            (side) =>
              `- ${side} peak RSS: upload ${sides[side].upRss.map(mebibytes).join(', ')}; download ${sides[side].downRss.map(mebibytes).join(', ')}`,
          ),
        ],
      },
    ],
  });
} finally {
  await clip.stop();
  await rm(work, { recursive: true, force: true });
}
