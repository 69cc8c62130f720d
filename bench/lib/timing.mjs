// Wall time of a whole command (process start to exit), measured repeatedly; the median is reported.
import { spawn } from 'node:child_process';
import { exitedChildrenCpuMs } from './cpuTime.mjs';
import { median } from './stats.mjs';

/**
 * Runs a command once and answers { ms, cpuMs, code, stdout, stderr }: wall time from spawn to exit,
 * and the CPU time the command used (which, unlike wall time, does not grow while it waits for a busy
 * CPU). `input` is piped to stdin when given.
 */
export function timeOnce(command, args, { env = process.env, input, cwd } = {}) {
  return new Promise((resolve, reject) => {
    const cpuBefore = exitedChildrenCpuMs();
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      resolve({ ms, cpuMs: exitedChildrenCpuMs() - cpuBefore, code, stdout, stderr });
    });
    child.stdin.end(input ?? '');
  });
}

/**
 * Runs a command once as `timeOnce` does, throws (naming `label`) when it exits non-zero, and logs its
 * wall and CPU time to stderr.
 */
export async function timedRun(label, command, args, options) {
  const result = await timeOnce(command, args, options);
  if (result.code !== 0)
    throw new Error(`${label} exited with ${result.code}: ${`${result.stderr} ${result.stdout}`.trim()}`);
  process.stderr.write(
    `    ${label}: ${(result.ms / 1000).toFixed(2)} s wall, ${(result.cpuMs / 1000).toFixed(2)} s CPU\n`,
  );
  return result;
}

/**
 * Runs a command `warmupRuns + runs` times (the warm-up runs fill the OS file cache and are not
 * counted) and answers the median and the spread. A run that exits non-zero aborts the measurement.
 * `check(result)` may throw when the output is not what the command should print.
 */
export async function timeCommand(command, args, { runs, warmupRuns, check, ...options }) {
  const times = [];
  const cpu = [];
  for (let i = 0; i < warmupRuns + runs; i++) {
    const result = await timeOnce(command, args, options);
    if (result.code !== 0)
      throw new Error(
        `${command} ${args.join(' ')} exited with ${result.code}: ${result.stderr.trim() || result.stdout.trim()}`,
      );
    check?.(result);
    if (i >= warmupRuns) {
      times.push(result.ms);
      cpu.push(result.cpuMs);
    }
  }
  return {
    medianMs: median(times),
    minMs: Math.min(...times),
    maxMs: Math.max(...times),
    medianCpuMs: median(cpu),
    runs: times.length,
  };
}
