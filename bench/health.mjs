// GET /api/health (one `select 1`, the envelope, request logging) against bare Koa's hello-world.
import { compareThroughput } from './lib/load.mjs';
import { DEFAULT_LOGGING, DEFAULT_LOGGING_TEXT, withServers } from './lib/processes.mjs';
import { loadSettingsLines, printSummary, writeReport } from './lib/report.mjs';
import { mebibytes, peakRss } from './lib/rss.mjs';
import { loadSettings } from './lib/settings.mjs';

const TARGET_RATIO = 0.6;
const settings = loadSettings();

const report = await withServers(async ({ clip, reference }) => {
  process.stderr.write('health: GET /api/health vs bare Koa\n');
  const [subject, ref] = await compareThroughput(
    [
      { label: 'clip', pid: clip.pid, request: { url: `${clip.url}/api/health` } },
      { label: 'bare Koa', pid: reference.pid, request: { url: `${reference.url}/` } },
    ],
    settings,
  );
  return {
    throughput: [{ measurement: 'GET /api/health', subject, reference: ref, targetRatio: TARGET_RATIO }],
    notes: [
      'Where the time goes (profile by layer, causes, measured what-ifs): bench/results/foundation-profile.md.',
      `clip's peak RSS during the run: ${mebibytes(peakRss(clip.pid))}.`,
    ],
  };
}, DEFAULT_LOGGING);

printSummary('health', report);
writeReport('health', {
  title: 'Benchmark: GET /api/health',
  command: 'npm run bench -- health',
  settings: loadSettingsLines(settings, undefined, DEFAULT_LOGGING_TEXT),
  ...report,
});
