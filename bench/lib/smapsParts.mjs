#!/usr/bin/env node
// The resident memory of a process by part, from /proc/<pid>/smaps (Linux): what `AB_SMAPS` in
// bench/requests-ab.mjs prints per server. V8's heap pages are its anonymous 256 KiB mappings; a glibc
// arena (a thread's malloc heap) is an anonymous mapping starting on a 64 MiB boundary; `[heap]` is
// malloc's main heap.
//
//   node bench/lib/smapsParts.mjs <pid>
import { readFileSync } from 'node:fs';

const ARENA_ALIGN = 64n * 1024n * 1024n;
const V8_PAGE_KB = 256;

export function smapsParts(pid) {
  const parts = new Map();
  const add = (name, kb) => parts.set(name, (parts.get(name) ?? 0) + kb);
  let current = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const start = BigInt(`0x${head[1]}`);
      const sizeKb = Number((BigInt(`0x${head[2]}`) - start) / 1024n);
      const path = head[3].trim();
      if (path === '[heap]') current = 'malloc main heap';
      else if (path.startsWith('[')) current = `${path}`;
      else if (path) current = /\/node$/.test(path) ? 'node binary (file)' : 'other files and libraries';
      else if (sizeKb === V8_PAGE_KB) current = 'V8 heap pages (anon 256 KiB)';
      else if (start % ARENA_ALIGN === 0n) current = 'malloc arenas (anon, 64 MiB-aligned)';
      else current = 'other anonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) add(current, Number(rss[1]));
  }
  return parts;
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const parts = smapsParts(process.argv[2]);
  const total = [...parts.values()].reduce((a, b) => a + b, 0);
  const rows = [...parts].sort((a, b) => b[1] - a[1]);
  for (const [name, kb] of rows) process.stdout.write(`  ${name}: ${(kb / 1024).toFixed(1)} MiB\n`);
  process.stdout.write(`  total: ${(total / 1024).toFixed(1)} MiB\n`);
}
