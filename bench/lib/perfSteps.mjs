#!/usr/bin/env node
// Where a bundled server's CPU goes, by step of the request (SQLite, pg, the JSON body, the key
// lookup, the paste service, router, Koa, socket I/O, GC, ...), from a Linux `perf` recording of the
// server that `npm start` runs (packages/server/.bundle), bundle frames mapped back to their module by
// perfLayers.mjs's `unbundleFrame`. perfLayers.mjs groups by library; this by step of a paste request.
//
//   NODE_OPTIONS=--perf-basic-prof-only-functions  (set on the server, so perf can name JS frames)
//   perf record -F 999 -g -p <server pid> -o server.perf.data   (during a load run; SIGINT to stop)
//   perf script -i server.perf.data | node bench/lib/perfSteps.mjs [CPU us per request]
//
// A sample with a Postgres driver frame anywhere on its stack counts as the driver (its protocol
// work and socket I/O); any other sample goes to the deepest frame that matches a step.
import { readFileSync } from 'node:fs';
import { printShares, unbundleFrame } from './perfLayers.mjs';

const STEPS = [
  ['GC', /Heap::|Scavenge|MarkCompact|ConcurrentMarking|MinorMS|Sweeper/],
  ['V8 JIT', /compiler::|OptimizedCompilationJob|Maglev|baseline::/],
  ['SQLite (statements, commit, WAL I/O)', /better_sqlite3\.node|sqlite3|JS_run|JS_all|JS_get/],
  [
    'group commit (sameTurnBatch, view counter, unit)',
    /sameTurnBatch\.ts|textViewCountStore\.ts|hotStatements\.ts|better-sqlite3\/lib/,
  ],
  ['request log (pino)', /pino|sonic-boom/],
  [
    'JSON body (@koa/bodyparser, co-body, raw-body)',
    /@koa\/bodyparser|co-body|raw-body|inflation|iconv-lite|@hapi\/bourne|type-is|media-typer|jsonBody\.ts/,
  ],
  ['validation (ajv, inputGuard)', /ajv|validate\.ts|inputGuard\.ts/],
  ['API-key auth (sha256, lookup)', /auth\.ts|apiKeyService\.ts|permissions\.ts/],
  [
    'paste service (create, view, slug, rows)',
    /pasteService\.ts|textShareStore\.ts|pasteRules\.ts|shares\/text\/routes|shares\/core|tokens\.ts|time\.ts|randomFillSync|randomUUID/,
  ],
  ['router (@koa/router)', /@koa\/router|path-to-regexp/],
  ['envelope + app middleware', /envelope\.ts|securityHeaders\.ts|app\.ts|webdav\/lazy/],
  [
    'koa',
    /node_modules\/(koa|koa-compose|delegates|on-finished|ee-first|statuses|http-errors|cookies|accepts|vary|content-type|fresh|encodeurl|escape-html|only|destroy|mime-types|negotiator)\//,
  ],
  ['socket write', /WriteString|WriteBuffer|Writev|libc_write|writev|DoTryWrite|tcp_|sock_write/],
  ['socket read / epoll', /uv__read|libc_read|epoll_wait|sock_read|tcp_recv/],
  ['HTTP parser (llhttp)', /llhttp/],
  [
    'node http, net, streams (JS)',
    /node:(_http|net|internal\/streams|events|internal\/stream_base|internal\/timers|internal\/process)/,
  ],
];
const PG_DRIVER = /node_modules\/(pg|pg-protocol|pg-pool)\//;

export function stepShares(perfScriptText) {
  const counts = new Map();
  let total = 0;
  for (const block of perfScriptText.split(/\n\n+/)) {
    // Frame lines (leaf first) start with an address; the first line is the sample's header.
    const frames = block.split('\n').filter((l) => /^\s+[0-9a-f]+ /.test(l));
    if (frames.length === 0) continue;
    total++;
    let step = 'other';
    if (frames.some((f) => PG_DRIVER.test(f))) step = 'Postgres driver (pg, with its socket I/O)';
    else
      for (const frame of frames) {
        const line = unbundleFrame(frame);
        const match = STEPS.find(([, pattern]) => pattern.test(line));
        if (match) {
          step = match[0];
          break;
        }
      }
    counts.set(step, (counts.get(step) ?? 0) + 1);
  }
  return { total, shares: [...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => [name, n / total]) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { total, shares } = stepShares(readFileSync(0, 'utf8'));
  printShares(total, shares, Number(process.argv[2] ?? 0));
}
