/**
 * Off unless `CLIP_QUIET_GC=1` (ADR 0091: an experiment switch until a quiet-machine A/B settles its CPU
 * cost). A load leaves V8's heap grown by promoted garbage (up to several times what the last full
 * collection kept) plus a full young generation, and those pages stay resident after it. With the switch,
 * once the process, busy in the last check, spent (almost) no CPU for a whole check, one memory-reducing
 * collection gives them back: RSS after the request loads ~96-104 MiB instead of 118-191 (SQLite).
 * Its price falls on the next burst: a memory-reducing collection keeps no unused maps, so optimized code
 * that embeds them is thrown away ("embedded weak objects cleared" deopts) and recompiled, and the heap
 * and the young generation grow back. V8's regular full or young collection releases almost nothing
 * (pages stay committed), so it is no cheaper substitute. Needs `gc` (`--expose-gc` in bin/clip-server).
 */
import { cpuUsage } from 'node:process';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** How often the process's CPU use is looked at. */
export const QUIET_CHECK_MS = 1000;
/**
 * A check in which the process used at most this share of one core is quiet. CPU time, not the event
 * loop's utilization: on a starved machine a loaded server's event loop looks idle while it waits for a core.
 */
export const QUIET_CPU_SHARE = 0.02;

/**
 * Decides, one check at a time, whether to collect: after a busy check, at the first quiet one, once.
 * A quiet server never collects again until it has been busy (a check is not a load).
 */
export function quietCollector(collect: () => void, quietShare = QUIET_CPU_SHARE) {
  let busySinceCollect = false;
  return {
    /** Takes the share of one core (0..n) the process used in the check just ended; answers whether it collected. */
    check(cpuShare: number): boolean {
      if (cpuShare > quietShare) {
        busySinceCollect = true;
        return false;
      }
      if (!busySinceCollect) return false;
      busySinceCollect = false;
      collect();
      return true;
    },
  };
}

/** Starts the checks when switched on (an unref'd timer); answers a function that stops them. */
export function collectWhenQuiet(env: NodeJS.ProcessEnv = process.env): () => void {
  const gc = (globalThis as { gc?: Collect }).gc;
  if (!gc || env.CLIP_QUIET_GC !== '1') return () => {};
  const collector = quietCollector(() => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }));
  const used = () => {
    const { user, system } = cpuUsage();
    return user + system;
  };
  let last = used();
  const timer = setInterval(() => {
    collector.check((used() - last) / 1000 / QUIET_CHECK_MS);
    // Read after the collection, so its own CPU does not make the next check look busy.
    last = used();
  }, QUIET_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
