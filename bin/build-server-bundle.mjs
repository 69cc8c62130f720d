#!/usr/bin/env node
// Builds packages/server/.bundle/: the server, the SDK contract it uses and most of its pure-JavaScript
// dependencies as a few ES modules (esbuild, split at each lazy import), which `npm start`
// (bin/clip-server) runs while it is current. Without it, Node strips the types of ~200 source files and
// keeps a module record per file: measured idle RSS ~130 MiB from source, ~99 MiB from the bundle
// (ADR 0023). Runs at `npm ci` (the root `prepare` script). The bundle sits two levels under the repo
// like src/main.ts, so the paths the server finds from its own location (../package.json, the web app's
// ../../web/dist) are the same in both.
import { fileURLToPath } from 'node:url';
import { buildBundle } from './lib/buildBundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
await buildBundle({
  entry: `${root}packages/server/src/main.ts`,
  outdir: `${root}packages/server/.bundle`,
  external: [
    // Native addons and the packages that load them or their optional drivers by name at run time.
    'better-sqlite3',
    'pg',
    'pg-native',
    'knex',
    // pino starts worker threads from its own files for transports.
    'pino',
    // Loaded only when an S3 storage or mount is first used (ADR 0019); large and kept as packages.
    '@aws-sdk/*',
    // A native addon with its libvips beside it, loaded with the first thumbnail (ADR 0075).
    'sharp',
  ],
});
