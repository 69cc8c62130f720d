// CPU time a process has used (user + system), read from /proc/<pid>/stat. Dividing a round's CPU
// time by its request count gives the cost of one request, a figure that, unlike requests/second,
// does not move when other processes compete for the same cores.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond;
function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * Fields of /proc/<pid>/stat (or of one thread's, `task/<tid>/stat`) after the command name (which
 * may hold spaces): index 0 is field 3.
 */
function statFields(pid, tid) {
  const stat = readFileSync(
    tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`,
    'utf8',
  );
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** User + system CPU time (utime, stime) of a stat line's fields, in milliseconds. */
const userAndSystemMs = (fields) => ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();

/** User + system CPU time of `pid` so far, in milliseconds (resolution: one clock tick, usually 10 ms). */
export function cpuMs(pid) {
  return userAndSystemMs(statFields(pid));
}

/**
 * User + system CPU time of a process's main thread (for Node, the event loop's) so far, in ms. Over a
 * load it tells a saturated event loop from one that waits (on fsync, a lock, the network).
 */
export function mainThreadCpuMs(pid) {
  return userAndSystemMs(statFields(pid, pid));
}

/**
 * User + system CPU time of this process's children that have exited and been waited for, in ms.
 * The difference around one child's run is that child's CPU time (if no other child ended meanwhile).
 */
export function exitedChildrenCpuMs() {
  const fields = statFields('self');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / clockTicks();
}

/**
 * The whole machine's CPU time so far (/proc/stat, every core), in ms: busy (user, nice, system, irq,
 * softirq, steal) and idle (idle, iowait). Over a load round, an idle share near zero says the cores
 * were the limit; a large one while throughput drops says something made the work wait (a lock).
 */
export function machineCpuMs() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  const toMs = (ticks) => (ticks * 1000) / clockTicks();
  return { busyMs: toMs(user + nice + system + irq + softirq + steal), idleMs: toMs(idle + iowait) };
}

/** The pids of every running process whose command name is `name` (e.g. each Postgres backend). */
export function pidsNamed(name) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // the process ended while being looked at
    }
  }
  return pids;
}

/** CPU time so far per pid of `pids`, in ms; a process that ended is left out. */
export function cpuMsOf(pids) {
  const used = new Map();
  for (const pid of pids) {
    try {
      used.set(pid, cpuMs(pid));
    } catch {
      // ended
    }
  }
  return used;
}

/** CPU time between two cpuMsOf() readings, over the processes present in both, in ms. */
export const cpuMsBetween = (before, after) =>
  [...after].reduce((sum, [pid, ms]) => sum + (before.has(pid) ? ms - before.get(pid) : 0), 0);
