#!/usr/bin/env node
// Builds packages/cli/.bundle/: the CLI and the SDK source it uses as a few ES modules (esbuild, code split
// at each command's lazy import), so `bin/clip` starts without resolving and evaluating ~100 small
// modules. Measured on the 2-core machine: importing the SDK from its 60 source files costs ~27 ms of CPU,
// from one bundled file ~9 ms. Runs at `npm ci` (the root `prepare` script); bin/clip uses the bundle only
// while it is newer than every source file under packages/cli/src and packages/sdk/src, and runs the
// TypeScript source otherwise, so an edit is never hidden behind a stale bundle.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}packages/cli/.bundle`;
// Built beside it and swapped in whole: a clip starting meanwhile sees the old bundle or the new one.
const staging = `${outdir}.${process.pid}`;

rmSync(staging, { recursive: true, force: true });
await build({
  entryPoints: [`${root}packages/cli/src/main.ts`],
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // The workspace packages' TypeScript source, as bin/clip runs it.
  conditions: ['source'],
  // Loaded only by the commands that need them (the Ink app, uploads, QR codes, serve); kept as packages.
  external: ['ink', 'react', 'undici', 'qrcode', 'ajv', '@clip/server'],
  logLevel: 'warning',
  legalComments: 'none',
  // commander is CommonJS: its require() of Node built-ins needs a real require in ES module output.
  banner: {
    js: "import { createRequire as __clipCreateRequire } from 'node:module'; const require = __clipCreateRequire(import.meta.url);",
  },
});
// The stamp bin/clip compares source files against.
writeFileSync(`${staging}/built`, `${new Date().toISOString()}\n`);
rmSync(outdir, { recursive: true, force: true });
renameSync(staging, outdir);
