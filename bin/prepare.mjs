#!/usr/bin/env node
// The root `prepare` script (run by `npm ci`): builds the web app, then the CLI and server bundles. Into
// a pipe the steps print plain text, never raw escape codes (bin/lib/plainOutput.mjs).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { plainOutputEnv } from './lib/plainOutput.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = plainOutputEnv(process.env, process.stdout.isTTY === true);
const steps = [
  ['npm', ['run', 'build', '--workspace', '@clip/web', '--if-present']],
  [process.execPath, ['bin/build-cli-bundle.mjs']],
  [process.execPath, ['bin/build-server-bundle.mjs']],
];
for (const [command, args] of steps) {
  const run = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
