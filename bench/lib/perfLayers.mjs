#!/usr/bin/env node
// Where a server's CPU goes, by layer (knex, SQLite statement compile, Koa, router, socket I/O, GC,
// JIT, ...), from a Linux `perf` recording. Unlike a V8 .cpuprofile, perf samples only while the
// process is on a CPU, so the shares stay right when other processes compete for the cores.
//
//   NODE_OPTIONS=--perf-basic-prof-only-functions  (set on the server, so perf can name JS frames)
//   perf record -F 499 -g -p <server pid> -o server.perf.data   (during a load run; Ctrl-C / SIGINT)
//   perf script -i server.perf.data | node bench/lib/perfLayers.mjs [CPU us per request]
//
// Each sample goes to the deepest frame on its stack that matches a layer, so time spent in malloc
// under a SQLite prepare counts as the prepare. Given the CPU per request (from a benchmark report),
// the shares are also printed as microseconds per request.
//
// Frames in the server bundle (packages/server/.bundle/*.js, what `npm start` runs) name a line of the
// bundle, not a package: they are mapped back to the module that line came from through the
// `// node_modules/koa/lib/application.js` comment esbuild writes before each module's code.
import { readFileSync } from 'node:fs';

const LAYERS = [
  ['GC', /Heap::|Scavenge|MarkCompact|ConcurrentMarking|MinorMS|Sweeper/],
  ['V8 JIT compiler', /compiler::|OptimizedCompilationJob|Maglev|baseline::/],
  [
    'SQLite statement finalize (GC of unreused statements)',
    /sqlite3_finalize|~Statement|Statement>::FinalizeCallback/,
  ],
  [
    'SQLite statement compile (prepare)',
    /JS_prepare|Statement::Statement|Statement>::ConstructorCallbackWrapper|sqlite3Prepare|sqlite3LockAndPrepare|sqlite3_prepare/,
  ],
  ['SQLite execute + row objects', /JS_all|JS_get|JS_run|sqlite3_step|sqlite3VdbeExec|GetRowJS/],
  ['pg driver', /node_modules\/(pg|pg-protocol|pg-pool)\//],
  ['knex + tarn (JS)', /node_modules\/(knex|tarn)\//],
  ['better-sqlite3 (JS)', /JS:.*node_modules\/better-sqlite3\//],
  ['pino', /node_modules\/pino/],
  ['@koa/router', /@koa\/router|path-to-regexp/],
  ['@koa/bodyparser', /@koa\/bodyparser|co-body|raw-body/],
  ['ajv', /node_modules\/ajv/],
  ['clip server/sdk code', /packages\/(server|sdk)\/src/],
  [
    'koa',
    /node_modules\/(koa|koa-compose|delegates|on-finished|ee-first|mime-types|statuses|http-errors|cookies|accepts|vary|content-disposition|fresh|encodeurl|escape-html|only|destroy|type-is)\//,
  ],
  ['socket write', /WriteString|WriteBuffer|Writev|__GI___libc_write|writev|DoTryWrite/],
  ['socket read / epoll', /uv__read|__libc_read|epoll_wait/],
  ['HTTP parser (llhttp)', /llhttp/],
  ['node http, net, streams (JS)', /node:_http|node:net|node:internal\/streams|node:events/],
  ['crypto', /crypto|EVP_|SHA256|RAND_/],
];

/** Start lines of each module in one bundle file, from esbuild's `// <path>` comment before each. */
function moduleStarts(file) {
  const starts = [];
  let lines;
  try {
    lines = readFileSync(file, 'utf8').split('\n');
  } catch {
    return starts;
  }
  for (let i = 0; i < lines.length; i++) {
    const m = /^\/\/ ((?:node_modules|packages)\/\S+)$/.exec(lines[i]);
    if (m) starts.push([i + 1, m[1]]);
  }
  return starts;
}

const bundles = new Map();
/** The module a bundle line belongs to (the last module comment at or above it), or null. */
function moduleAt(file, line) {
  if (!bundles.has(file)) bundles.set(file, moduleStarts(file));
  const starts = bundles.get(file);
  let lo = 0;
  let hi = starts.length - 1;
  let found = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid][0] <= line) {
      found = starts[mid][1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

const BUNDLE_FRAME = /file:\/\/(\S+\/\.bundle[^/\s]*\/[^:\s]+\.js):(\d+)/;
/** A perf frame line with a bundle location replaced by the module's path (`.../node_modules/koa/...`). */
export function unbundleFrame(line) {
  const m = BUNDLE_FRAME.exec(line);
  if (!m) return line;
  const module = moduleAt(m[1], Number(m[2]));
  return module ? line.replace(m[0], `/${module}:${m[2]}`) : line;
}

export function layerShares(perfScriptText) {
  const counts = new Map();
  let total = 0;
  for (const block of perfScriptText.split(/\n\n+/)) {
    const lines = block.split('\n').filter(Boolean);
    if (lines.length < 2) continue;
    total++;
    let layer = 'other (mostly malloc without a usable stack)';
    search: for (const frame of lines.slice(1)) {
      const line = unbundleFrame(frame);
      for (const [name, pattern] of LAYERS)
        if (pattern.test(line)) {
          layer = name;
          break search;
        }
    }
    counts.set(layer, (counts.get(layer) ?? 0) + 1);
  }
  return { total, shares: [...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => [name, n / total]) };
}

/** Prints shares as a table, with microseconds per request when the CPU per request is given. */
export function printShares(total, shares, usPerRequest = 0) {
  for (const [name, share] of shares) {
    const us = usPerRequest ? `  ~${(share * usPerRequest).toFixed(1).padStart(6)} us/request` : '';
    console.log(`${(share * 100).toFixed(1).padStart(5)}%${us}  ${name}`);
  }
  console.log(`${total} samples`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { total, shares } = layerShares(readFileSync(0, 'utf8'));
  printShares(total, shares, Number(process.argv[2] ?? 0));
}
