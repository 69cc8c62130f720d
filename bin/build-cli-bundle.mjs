#!/usr/bin/env node
// Builds packages/cli/.bundle/: the CLI and the SDK source it uses as a few ES modules (esbuild, code split
// at each command's lazy import), so `bin/clip` starts without resolving and evaluating ~100 small
// modules. Measured on the 2-core machine: importing the SDK from its 60 source files costs ~27 ms of CPU,
// from one bundled file ~9 ms. Runs at `npm ci` (the root `prepare` script); bin/clip uses the bundle only
// while it is current (bin/lib/bundle-current.sh), and runs the TypeScript source otherwise, so an edit is
// never hidden behind a stale bundle.
import { fileURLToPath } from 'node:url';
import { buildBundle } from './lib/buildBundle.mjs';
import { builtinImports } from './lib/builtinImports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
await buildBundle({
  entry: `${root}packages/cli/src/main.ts`,
  outdir: `${root}packages/cli/.bundle`,
  // Loaded only by the commands that need them (the Ink app, uploads, QR codes, serve); kept as packages.
  external: ['ink', 'react', 'undici', 'qrcode', 'ajv', '@clip/server'],
  // ES imports of Node's built-ins without the facade that runs every lazy getter (builtinImports.mjs).
  plugins: [builtinImports],
});
