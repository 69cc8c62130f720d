// A signed-in Chromium tab for the browser benchmarks, and its memory while it works: the page's JS
// heap (CDP Performance.getMetrics) and the resident set of Chromium's processes read from /proc.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './lighthouseRun.mjs';
import { currentRss } from './rss.mjs';

export const launchChromium = () => chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

/** A fresh context (nothing kept from an earlier run: no transfers list, no caches) signed in as the admin. */
export async function signedInPage(browser, origin, token) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
    // BENCH_BLOCK_SW=1: no service worker, to see what it costs.
    serviceWorkers: process.env.BENCH_BLOCK_SW === '1' ? 'block' : 'allow',
  });
  const page = await context.newPage();
  await page.goto('/api/health');
  await page.evaluate((t) => localStorage.setItem('admin_token', t), token);
  return page;
}

/** Chromium's processes ({ type, id, cpuTime } each: browser, renderer, GPU, network service, ...). */
export async function chromiumProcesses(browser) {
  const system = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await system.send('SystemInfo.getProcessInfo');
    return processInfo;
  } finally {
    await system.detach().catch(() => undefined);
  }
}

/**
 * CPU seconds each kind of Chromium process used between two `chromiumProcesses` readings (a process
 * started in between counts from zero; one that ended is not counted).
 */
export function cpuByType(before, after) {
  const earlier = new Map(before.map((p) => [p.id, p.cpuTime]));
  const byType = {};
  for (const p of after) byType[p.type] = (byType[p.type] ?? 0) + p.cpuTime - (earlier.get(p.id) ?? 0);
  return byType;
}

const rssOrZero = (pid) => {
  try {
    return currentRss(pid);
  } catch {
    return 0; // the process is gone
  }
};

/**
 * Samples every `intervalMs` while `work()` runs: the page's JSHeapUsedSize and the RSS of the
 * renderers (the highest one: the tab's) and of the network service (where the request bodies pass).
 * Answers { result, before, highest } with { heap, renderer, network } in bytes, and `cpu`: the CPU
 * seconds of each kind of Chromium process during the work.
 */
export async function watchTabMemory(browser, page, work, intervalMs = 100) {
  const cdp = await page.context().newCDPSession(page);
  const system = await browser.newBrowserCDPSession();
  await cdp.send('Performance.enable');
  const sample = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const { processInfo } = await system.send('SystemInfo.getProcessInfo');
    const rss = (type) =>
      Math.max(0, ...processInfo.filter((p) => p.type === type).map((p) => rssOrZero(p.id)));
    return {
      heap: metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0,
      renderer: rss('renderer'),
      network: rss('network.mojom.NetworkService'),
    };
  };
  // BENCH_TAB_PROFILE=<dir>: a V8 CPU profile of the page during the work, written into <dir>.
  const profileDir = process.env.BENCH_TAB_PROFILE;
  if (profileDir) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const processes = await chromiumProcesses(browser);
  const before = await sample();
  const highest = { ...before };
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      const now = await sample().catch(() => null);
      if (now) for (const k of Object.keys(highest)) highest[k] = Math.max(highest[k], now[k]);
    });
  }, intervalMs);
  try {
    const result = await work();
    if (profileDir) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(join(profileDir, `tab-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    }
    return { result, before, highest, cpu: cpuByType(processes, await chromiumProcesses(browser)) };
  } finally {
    clearInterval(timer);
    await sampling;
    await cdp.detach().catch(() => undefined);
    await system.detach().catch(() => undefined);
  }
}
