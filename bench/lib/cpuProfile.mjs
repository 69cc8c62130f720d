#!/usr/bin/env node
// Summarises a V8 .cpuprofile (from BENCH_CPU_PROF=<dir>): self time by function and by package, and
// total (inclusive) time of the functions that matter, so a shortfall can be traced to its cause.
// Usage: node bench/lib/cpuProfile.mjs <file.cpuprofile> [top=25]
import { readFileSync } from 'node:fs';

/** Where a call frame's code lives: a package name, our own source folder, or a V8/Node bucket. */
function owner(url) {
  if (!url) return '(native/V8)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node core';
  const src = /packages\/([^/]+)\/src\/(.*)$/.exec(url);
  if (src) return `@clip/${src[1]}/${src[2]}`;
  return url;
}

export function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfMicros = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    selfMicros.set(profile.samples[i], (selfMicros.get(profile.samples[i]) ?? 0) + dt);
  }
  const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
  const selfBy = (key) => {
    const m = new Map();
    for (const [id, us] of selfMicros) {
      const k = key(byId.get(id).callFrame);
      m.set(k, (m.get(k) ?? 0) + us);
    }
    return [...m].sort((a, b) => b[1] - a[1]);
  };
  // Inclusive time: a sample counts once for every distinct function on its stack.
  const inclusive = new Map();
  for (const [id, us] of selfMicros) {
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n).callFrame;
      const k = `${f.functionName || '(anonymous)'} ${owner(f.url)}:${f.lineNumber + 1}`;
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  }
  return {
    totalMs: total / 1000,
    idleMs: (selfBy((f) => f.functionName).find(([k]) => k === '(idle)')?.[1] ?? 0) / 1000,
    byFunction: selfBy((f) => `${f.functionName || '(anonymous)'} ${owner(f.url)}:${f.lineNumber + 1}`),
    byOwner: selfBy((f) => (f.functionName === '(idle)' ? '(idle)' : owner(f.url))),
    inclusive: [...inclusive].sort((a, b) => b[1] - a[1]),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  const top = Number(process.argv[3] ?? 25);
  const s = summarise(JSON.parse(readFileSync(file, 'utf8')));
  const busy = s.totalMs - s.idleMs;
  const pct = (us) => `${((us / 1000 / busy) * 100).toFixed(1).padStart(5)}%`;
  const show = (title, rows) => {
    console.log(`\n${title}`);
    for (const [k, us] of rows.filter(([k]) => k !== '(idle)' && !k.startsWith('(idle)')).slice(0, top))
      console.log(`  ${pct(us)}  ${k}`);
  };
  console.log(
    `profile ${file}: ${s.totalMs.toFixed(0)} ms sampled, ${s.idleMs.toFixed(0)} ms idle; percentages of busy time`,
  );
  show('self time by package/source', s.byOwner);
  show('self time by function', s.byFunction);
  show('inclusive time by function', s.inclusive);
}
