// Authenticated GET /api/test/api-key (key lookup by SHA-256 hash in the database, the envelope,
// request logging) against bare Koa's hello-world. The key is created through the admin API first.
import { createApiKey } from './lib/clipApi.mjs';
import { compareThroughput } from './lib/load.mjs';
import { DEFAULT_LOGGING, DEFAULT_LOGGING_TEXT, withServers } from './lib/processes.mjs';
import { loadSettingsLines, printSummary, writeReport } from './lib/report.mjs';
import { mebibytes, peakRss } from './lib/rss.mjs';
import { loadSettings } from './lib/settings.mjs';

const TARGET_RATIO = 0.6;
const settings = loadSettings();

const report = await withServers(async ({ clip, reference }) => {
  process.stderr.write('api-key: authenticated GET /api/test/api-key vs bare Koa\n');
  const key = await createApiKey(clip, { text_permission: true });
  const [subject, ref] = await compareThroughput(
    [
      {
        label: 'clip',
        pid: clip.pid,
        request: { url: `${clip.url}/api/test/api-key`, headers: { authorization: key.header } },
      },
      { label: 'bare Koa', pid: reference.pid, request: { url: `${reference.url}/` } },
    ],
    settings,
  );
  return {
    throughput: [
      {
        measurement: 'GET /api/test/api-key (ApiKey auth)',
        subject,
        reference: ref,
        targetRatio: TARGET_RATIO,
      },
    ],
    notes: [
      'Where the time goes (profile by layer, causes, measured what-ifs): bench/results/foundation-profile.md.',
      `clip's peak RSS during the run: ${mebibytes(peakRss(clip.pid))}.`,
    ],
  };
}, DEFAULT_LOGGING);

printSummary('api-key', report);
writeReport('api-key', {
  title: 'Benchmark: authenticated GET /api/test/api-key',
  command: 'npm run bench -- api-key',
  settings: loadSettingsLines(
    settings,
    'SQLite in a temp dir, an API key with text permission created through the admin API',
    DEFAULT_LOGGING_TEXT,
  ),
  ...report,
});
