// Throughput comparison: each round runs the load generator (a separate process) against every
// target in turn, alternating, so drift in the machine affects all targets alike; medians are taken
// over the rounds.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { cpuMs, cpuMsBetween, cpuMsOf, machineCpuMs, mainThreadCpuMs } from './cpuTime.mjs';
import { BENCH_DIR, node24 } from './paths.mjs';
import { median } from './stats.mjs';

const WORKER = join(BENCH_DIR, 'lib/loadWorker.mjs');

/** One autocannon run in its own process. `request`: { url, method?, headers?, body? }. */
export function runLoad(request, { connections, durationSec }) {
  const spec = JSON.stringify({ ...request, connections, durationSec });
  return new Promise((resolve, reject) => {
    const child = spawn(node24(), [WORKER, spec], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}: ${err}`));
      resolve(JSON.parse(out));
    });
  });
}

/** A run whose responses were not all 2xx measured the wrong thing: stop rather than report it. */
function assertClean(label, run) {
  if (run.non2xx > 0 || run.errors > 0 || run.timeouts > 0)
    throw new Error(
      `${label}: ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts (status codes ${JSON.stringify(run.statusCodes)})`,
    );
}

/**
 * runLoad plus the whole machine's idle share and busy CPU per request over the run (load generator,
 * balancer and databases included), and, for a target with a `pid` (the server's process), that
 * process's CPU time per request and the share of the run its main thread was on a CPU.
 */
async function measure(target, settings) {
  const { pid } = target;
  const groups = Object.entries(target.cpuGroups ?? {}).map(([name, pids]) => [name, cpuMsOf(pids())]);
  const machineBefore = machineCpuMs();
  const before = pid ? cpuMs(pid) : 0;
  const mainBefore = pid ? mainThreadCpuMs(pid) : 0;
  const run = await runLoad(target.request, settings);
  const machineAfter = machineCpuMs();
  const busy = machineAfter.busyMs - machineBefore.busyMs;
  const idle = machineAfter.idleMs - machineBefore.idleMs;
  const machine = {
    machineIdle: busy + idle > 0 ? idle / (busy + idle) : null,
    machineCpuMicrosPerRequest: run.total ? (busy * 1000) / run.total : null,
    groupCpuMicrosPerRequest: Object.fromEntries(
      groups.map(([name, before]) => [
        name,
        run.total ? (cpuMsBetween(before, cpuMsOf([...before.keys()])) * 1000) / run.total : null,
      ]),
    ),
  };
  if (!pid) return { ...run, ...machine, cpuMicrosPerRequest: null, mainThreadBusy: null };
  const used = cpuMs(pid) - before;
  const mainUsed = mainThreadCpuMs(pid) - mainBefore;
  return {
    ...run,
    ...machine,
    cpuMicrosPerRequest: run.total ? (used * 1000) / run.total : null,
    mainThreadBusy: mainUsed / (settings.durationSec * 1000),
  };
}

/**
 * Measures every target `rounds` times, alternating. A target is { label, request, pid?, cpuGroups? }
 * where request is what runLoad takes, pid the server process whose CPU time is read, and cpuGroups
 * named lists of processes (functions answering pids) whose CPU time per request is summed per group. Answers per target
 * the rounds and the medians of rps, latency and server CPU per request.
 */
export async function compareThroughput(targets, settings, log = (s) => process.stderr.write(s)) {
  const { rounds, warmupSec } = settings;
  for (const t of targets) {
    log(`  warm-up ${t.label} (${warmupSec} s)\n`);
    assertClean(t.label, await runLoad(t.request, { ...settings, durationSec: warmupSec }));
  }
  const runs = new Map(targets.map((t) => [t.label, []]));
  for (let r = 1; r <= rounds; r++) {
    // Alternate which target goes first, so neither always runs on a machine the other just heated.
    const order = r % 2 ? targets : [...targets].reverse();
    for (const t of order) {
      const run = await measure(t, settings);
      assertClean(t.label, run);
      runs.get(t.label).push(run);
      const cpu =
        run.cpuMicrosPerRequest === null
          ? ''
          : `, ${Math.round(run.cpuMicrosPerRequest)} us CPU/request, main thread ${(100 * run.mainThreadBusy).toFixed(0)}% busy`;
      const idle = run.machineIdle === null ? '' : `, machine ${(100 * run.machineIdle).toFixed(0)}% idle`;
      log(
        `  round ${r}/${rounds} ${t.label}: ${Math.round(run.rps)} req/s, mean ${run.latencyMeanMs.toFixed(2)} ms${cpu}${idle}\n`,
      );
    }
  }
  return targets.map((t) => {
    const list = runs.get(t.label);
    return {
      label: t.label,
      rounds: list,
      rps: median(list.map((x) => x.rps)),
      latencyMeanMs: median(list.map((x) => x.latencyMeanMs)),
      latencyP99Ms: median(list.map((x) => x.latencyP99Ms)),
      cpuMicrosPerRequest: t.pid ? median(list.map((x) => x.cpuMicrosPerRequest)) : null,
      mainThreadBusy: t.pid ? median(list.map((x) => x.mainThreadBusy)) : null,
      machineIdle: median(list.map((x) => x.machineIdle)),
      machineCpuMicrosPerRequest: median(list.map((x) => x.machineCpuMicrosPerRequest)),
      groupCpuMicrosPerRequest: Object.fromEntries(
        Object.keys(t.cpuGroups ?? {}).map((name) => [
          name,
          median(list.map((x) => x.groupCpuMicrosPerRequest[name])),
        ]),
      ),
    };
  });
}
