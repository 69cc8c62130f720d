#!/usr/bin/env node
// `npm run bench` runs every benchmark (bench/*.mjs except this file), each in its own process, one
// after another; `npm run bench -- health pastes` runs the named ones. Results land in bench/results/.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, node24 } from './lib/paths.mjs';

const available = readdirSync(BENCH_DIR)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .map((f) => f.slice(0, -'.mjs'.length))
  .sort();

const asked = process.argv.slice(2);
const unknown = asked.filter((n) => !available.includes(n));
if (unknown.length) {
  process.stderr.write(`unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}\n`);
  process.exit(2);
}

const run = (name) =>
  new Promise((resolve) => {
    const child = spawn(node24(), [join(BENCH_DIR, `${name}.mjs`)], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });

const failed = [];
for (const name of asked.length ? asked : available) {
  process.stderr.write(`\n== ${name}\n`);
  if ((await run(name)) !== 0) failed.push(name);
}
if (failed.length) {
  process.stderr.write(`\nbenchmarks that could not run: ${failed.join(', ')}\n`);
  process.exit(1);
}
