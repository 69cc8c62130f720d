// One Lighthouse run: a fresh Debian Chromium (headless, its own profile) driven over its debugging
// port, a navigation audit of one URL, and the summary a report needs. Nothing leaves the machine:
// Chromium's background services are off and host names resolve to nothing but 127.0.0.1.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The network is closed: any host name other than the server's address fails at once, offline.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/**
 * A Lighthouse device setup. The lantern simulation slows the CPU by `cpuSlowdownMultiplier`
 * relative to the host; `calibrated` variants get theirs from the host's BenchmarkIndex.
 */
export const VARIANTS = {
  mobile: { label: 'mobile (Lighthouse default: Moto G Power, slow 4G, 4x CPU)', config: undefined },
  desktop: { label: 'desktop (Lighthouse desktop preset: 10 Mbps, 40 ms, 1x CPU)', config: desktopConfig },
  calibrated: {
    label: 'mobile, CPU slowdown calibrated to this host',
    config: undefined,
    calibrated: true,
  },
};

/**
 * The BenchmarkIndex of Lighthouse's emulated phone (a Moto G Power 2022), the figure Chrome DevTools
 * calibrates CPU throttling to: a host scoring 4 x this is what the default 4x slowdown assumes.
 */
export const EMULATED_PHONE_BENCHMARK_INDEX = 264;

export const calibratedSlowdown = (benchmarkIndex) =>
  Math.max(1, Math.round((benchmarkIndex / EMULATED_PHONE_BENCHMARK_INDEX) * 10) / 10);

/** Audits of a category that lost points: scored, weighted or an insight, and below a full score. */
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit.score !== null && audit.score < (audit.scoreDisplayMode === 'metricSavings' ? 1 : 0.9),
    )
    .filter(
      ({ audit }) => !['notApplicable', 'informative', 'manual', 'error'].includes(audit.scoreDisplayMode),
    )
    .map(({ ref, audit }) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue ?? '',
    }));
}

/** The requests the page itself made (not its service worker), as Lighthouse recorded them. */
function pageRequests(lhr) {
  return (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (r) => (r.sessionTargetType ?? 'page') === 'page',
  );
}

const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
};

/** What the report keeps of one Lighthouse result. */
export function summariseLhr(lhr) {
  const scripts = pageRequests(lhr).filter((r) => r.resourceType === 'Script');
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)])),
    failing: Object.fromEntries(CATEGORIES.map((c) => [c, failingAudits(lhr, c)])),
    metrics: Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id].numericValue])),
    scriptTransferBytes: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    scriptUrls: scripts.map((r) => r.url),
    totalTransferBytes: lhr.audits['total-byte-weight']?.numericValue ?? null,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    finalUrl: lhr.finalDisplayedUrl,
    runWarnings: lhr.runWarnings,
    runtimeError: lhr.runtimeError?.message ?? null,
    screenshot: lhr.audits['final-screenshot']?.details?.data ?? null,
  };
}

/**
 * Launches Chromium, audits `url` once with `variant` (a VARIANTS entry), closes Chromium.
 * Answers the summary plus the full result as `lhr`.
 */
export async function runLighthouse(url, variant, { cpuSlowdown, prepare } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    if (cpuSlowdown !== undefined) flags.throttling = { cpuSlowdownMultiplier: cpuSlowdown };
    // `prepare(port)` sets up the profile first (e.g. a signed-in session in localStorage), which
    // Lighthouse must then keep: it clears the origin's storage by default.
    if (prepare) {
      await prepare(chrome.port);
      flags.disableStorageReset = true;
    }
    const result = await lighthouse(url, flags, variant.config);
    if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
    return { ...summariseLhr(result.lhr), lhr: result.lhr };
  } finally {
    await chrome.kill();
  }
}
