// Memory of another process, read from /proc (Linux): the peak resident set (VmHWM) is what a
// benchmark reports, because it catches a spike that sampling could miss.
import { readFileSync } from 'node:fs';

function statusField(pid, field) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(match[1]) * 1024;
}

/** Peak resident set size of `pid` since it started, in bytes. Read it before stopping the process. */
export const peakRss = (pid) => statusField(pid, 'VmHWM');

/** Current resident set size of `pid`, in bytes. */
export const currentRss = (pid) => statusField(pid, 'VmRSS');

export const mebibytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * Samples a process's current RSS every `intervalMs` while `work()` runs, and answers the work's result
 * with the baseline (before), the highest sample and the kernel's peak (VmHWM) after it.
 */
export async function watchRss(pid, work, intervalMs = 50) {
  const before = currentRss(pid);
  let highest = before;
  const timer = setInterval(() => {
    try {
      highest = Math.max(highest, currentRss(pid));
    } catch {
      // the process may be gone; the caller will see it
    }
  }, intervalMs);
  try {
    const result = await work();
    return { result, before, highest, peak: peakRss(pid) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The RSS of a process left without requests, once V8's memory reducer has given back the garbage of the
 * last load: the reducer runs only after it has judged the allocation rate low for a while, which took
 * 60-170 s after the request loads here (ADR 0097). Polls until the RSS has fallen by `fallBy` from the
 * first reading, or `maxMs` has passed; answers { rss, afterMs, fell }.
 */
export async function rssOnceQuiet(pid, { fallBy = 8 * 1024 * 1024, pollMs = 5000, maxMs = 300_000 } = {}) {
  const start = performance.now();
  const first = currentRss(pid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    const rss = currentRss(pid);
    const afterMs = performance.now() - start;
    const fell = rss <= first - fallBy;
    if (fell || afterMs >= maxMs) return { rss, afterMs, fell };
  }
}
