// Benchmark settings, overridable from the environment so a faster machine can run longer rounds.
function positiveInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return n;
}

/** Throughput settings: 50 connections, short rounds because this project's reference machine has 2 cores. */
export function loadSettings() {
  return {
    connections: positiveInt('BENCH_CONNECTIONS', 50),
    durationSec: positiveInt('BENCH_DURATION', 5),
    rounds: positiveInt('BENCH_ROUNDS', 3),
    warmupSec: positiveInt('BENCH_WARMUP', 2),
  };
}

/** How many times a command is run when its wall time is measured. */
export function runSettings() {
  return { runs: positiveInt('BENCH_RUNS', 15), warmupRuns: positiveInt('BENCH_WARMUP_RUNS', 2) };
}
