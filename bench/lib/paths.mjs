// Where things are, resolved from this file so benchmarks run from any working directory.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BENCH_DIR = join(ROOT, 'bench');
export const RESULTS_DIR = join(BENCH_DIR, 'results');
export const SERVER_MAIN = join(ROOT, 'packages/server/src/main.ts');
/** What `npm start` runs while it is current (bin/clip-server, ADR 0023). */
export const SERVER_BUNDLE_MAIN = join(ROOT, 'packages/server/.bundle/main.js');
export const REFERENCE_KOA = join(BENCH_DIR, 'reference/bareKoa.mjs');
export const CLIP_BIN = join(ROOT, 'bin/clip');

/**
 * Node 24 from the `node` devDependency: npm scripts already put it first on PATH, but a benchmark
 * started by hand with the system Node must still launch the servers on 24.
 */
export function node24() {
  const local = join(ROOT, 'node_modules/.bin/node');
  return Number(process.versions.node.split('.')[0]) >= 24 ? process.execPath : local;
}

export const here = (metaUrl) => dirname(fileURLToPath(metaUrl));
