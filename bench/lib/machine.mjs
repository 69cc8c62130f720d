// What the numbers were measured on: a benchmark result means little without the machine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './paths.mjs';

function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

export function machineInfo() {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: (totalmem() / 1024 ** 3).toFixed(1),
    os: `${process.platform} ${release()}`,
    node: process.version,
    autocannon: packageVersion('autocannon'),
    loadAverage: loadavg()
      .map((n) => n.toFixed(2))
      .join(' / '),
  };
}

/** The commit benchmarked, with a marker when the working tree had uncommitted changes. */
export function gitRevision() {
  try {
    // Works in a linked worktree too, where .git is a file.
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim().slice(0, 12);
  } catch {
    // no git on PATH: read the files
  }
  try {
    const head = readFileSync(join(ROOT, '.git/HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 12);
    return readFileSync(join(ROOT, '.git', head.slice(5)), 'utf8')
      .trim()
      .slice(0, 12);
  } catch {
    return 'unknown';
  }
}
