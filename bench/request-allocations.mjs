// Where a request's allocations come from (issue 34, items 1 and 2): every byte a request allocates is
// GC work, and what lives across two scavenges is promoted and stays as heap after a load. Starts the
// server as `npm start` does with the inspector on loopback, runs each load (a second process) after a
// warm-up while V8's sampling heap profiler records every allocation (collected ones included), and
// prints per load the bytes allocated per request and the sites that allocate most, by function. The
// reference, bare Koa answering its small JSON document (bench/reference/bareKoa.mjs), is profiled the
// same way in the same run.
//
//   node bench/request-allocations.mjs            # SQLite; ALLOC_DB=postgres, ALLOC_CASES=read,create
//   ALLOC_TOP=40 ALLOC_INTERVAL=2048 node bench/request-allocations.mjs
//   ALLOC_ENTRY=packages/server/.bundle.base/main.js node bench/request-allocations.mjs   # another build
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { createApiKey, createPaste } from './lib/clipApi.mjs';
import { runLoad } from './lib/load.mjs';
import { ROOT } from './lib/paths.mjs';
import { DEFAULT_LOGGING, freePort, startClip, startReference } from './lib/processes.mjs';
import { PASTE_CONTENT, requestOf } from './lib/requestCases.mjs';
import { loadSettings } from './lib/settings.mjs';

const DB = process.env.ALLOC_DB || 'sqlite';
const CASES = (process.env.ALLOC_CASES || 'health,read,create,apikey').split(',');
const TOP = Number(process.env.ALLOC_TOP || 25);
const INTERVAL = Number(process.env.ALLOC_INTERVAL || 4096);
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const settings = loadSettings();

/** A minimal Chrome DevTools Protocol session over the inspector's WebSocket. */
async function inspectorSession(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = ++next;
        pending.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Sums a sampling heap profile's self sizes per function (name and place). */
function bySite(profile) {
  const sites = new Map();
  const walk = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split('/').slice(-2).join('/');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    sites.set(key, (sites.get(key) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  return [...sites].sort((a, b) => b[1] - a[1]);
}

/** Profiles `request`'s load on the server whose inspector listens on `inspectPort`; prints its sites. */
async function profileLoad(inspectPort, name, request) {
  const session = await inspectorSession(inspectPort);
  try {
    await session.send('HeapProfiler.enable');
    await runLoad(request, { connections: settings.connections, durationSec: settings.warmupSec });
    await session.send('HeapProfiler.startSampling', {
      samplingInterval: INTERVAL,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    const run = await runLoad(request, {
      connections: settings.connections,
      durationSec: settings.durationSec,
    });
    const { profile } = await session.send('HeapProfiler.stopSampling');
    const sites = bySite(profile);
    const total = sites.reduce((sum, [, bytes]) => sum + bytes, 0);
    const perRequest = (bytes) => `${Math.round(bytes / run.total)} B`;
    process.stdout.write(
      `\n## ${name}: ${run.total} requests, ${perRequest(total)} allocated per request\n\n`,
    );
    for (const [site, bytes] of sites.slice(0, TOP))
      process.stdout.write(
        `${perRequest(bytes).padStart(8)}  ${((100 * bytes) / total).toFixed(1).padStart(5)}%  ${site}\n`,
      );
  } finally {
    session.close();
  }
}

const referencePort = await freePort();
const reference = await startReference({ flags: [`--inspect=127.0.0.1:${referencePort}`] });
try {
  await profileLoad(referencePort, 'bare Koa (reference)', { url: reference.url });
} finally {
  await reference.stop();
}

let db = null;
const admin = new pg.Client({ connectionString: PG_URL });
if (DB === 'postgres') {
  await admin.connect();
  db = `clip_alloc_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${db}`);
}
const inspectPort = await freePort();
process.env.BENCH_NODE_FLAGS = `${process.env.BENCH_NODE_FLAGS ?? ''} --inspect=127.0.0.1:${inspectPort}`;
const databaseUrl = db ? Object.assign(new URL(PG_URL), { pathname: `/${db}` }).toString() : null;
const clip = await startClip(
  { ...DEFAULT_LOGGING, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  { entry: process.env.ALLOC_ENTRY ? resolve(ROOT, process.env.ALLOC_ENTRY) : undefined },
);
try {
  const key = await createApiKey(clip, { text_permission: true });
  const share = await createPaste(clip, key.header, { content: PASTE_CONTENT, max_views: 0 });
  for (const name of CASES)
    await profileLoad(
      inspectPort,
      `${name} (${DB})`,
      requestOf(name, { url: clip.url, keyHeader: key.header, slug: share.slug }),
    );
} finally {
  await clip.stop();
  if (db) {
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
  }
}
