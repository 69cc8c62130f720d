#!/usr/bin/env node
// The npm registry this project installs from lacks some other-platform builds (@biomejs/cli-android-*,
// @nx/nx-darwin-* of the pinned versions), so npm leaves them out of package-lock.json and `npm ci` then
// refuses the lock as "Missing: ... from lock file". This adds an os/cpu-restricted entry for each such
// optional dependency: npm never fetches it on a machine it does not fit. Run after `npm install <pkg>`.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const PLATFORM = /(android|darwin|win32|freebsd|linux)-(arm64|x64|arm|ia32)(?:-(musl|gnueabihf|msvc|gnu))?/;

let added = 0;
for (const parent of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const m = PLATFORM.exec(name);
    if (!m || (m[1] === 'linux' && m[2] === 'x64' && m[3] !== 'musl')) continue;
    let exists = true;
    try {
      execFileSync('npm', ['view', `${name}@${version}`, 'version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      exists = false;
    }
    if (exists) continue;
    lock.packages[key] = {
      version,
      cpu: [m[2]],
      ...(parent.dev ? { dev: true } : {}),
      ...(m[3] === 'musl' ? { libc: ['musl'] } : {}),
      optional: true,
      os: [m[1]],
    };
    added++;
  }
}
const [root, ...rest] = Object.entries(lock.packages);
lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => a.localeCompare(b, 'en'))]);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile-platform-stubs: added ${added} entries`);
