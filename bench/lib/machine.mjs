// What the numbers were measured on: a benchmark result means little without the machine.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
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
  const load = loadavg();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: (totalmem() / 1024 ** 3).toFixed(1),
    os: `${process.platform} ${release()}`,
    node: process.version,
    autocannon: packageVersion('autocannon'),
    loadAverage: load.map((n) => n.toFixed(2)).join(' / '),
    /** The 1-minute load was above the core count: other processes shared the CPUs. */
    overloaded: load[0] > list.length,
  };
}

/** The git dir of the checkout: `.git`, or where a worktree's `.git` file points (with its common dir). */
function gitDirs() {
  const dotGit = join(ROOT, '.git');
  if (statSync(dotGit).isDirectory()) return { own: dotGit, common: dotGit };
  const own = resolve(
    ROOT,
    readFileSync(dotGit, 'utf8')
      .replace(/^gitdir:\s*/, '')
      .trim(),
  );
  const common = existsSync(join(own, 'commondir'))
    ? resolve(own, readFileSync(join(own, 'commondir'), 'utf8').trim())
    : own;
  return { own, common };
}

/** The commit benchmarked (in a worktree too); 'unknown' when it cannot be read. */
export function gitRevision() {
  try {
    const { own, common } = gitDirs();
    const head = readFileSync(join(own, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 12);
    const ref = head.slice(5);
    for (const dir of [own, common])
      if (existsSync(join(dir, ref))) return readFileSync(join(dir, ref), 'utf8').trim().slice(0, 12);
    const packed = readFileSync(join(common, 'packed-refs'), 'utf8');
    const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`));
    return line ? line.slice(0, 12) : 'unknown';
  } catch {
    return 'unknown';
  }
}
