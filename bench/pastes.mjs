// Text shares: reading an unlimited share (GET /api/paste/{slug}, which counts a view in the database)
// and creating one (POST /api/paste with a text-permission key), each against bare Koa's hello-world;
// then the terminal client's wall time: `clip paste` round trip (stdin to printed link) and `clip --version`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey, createPaste } from './lib/clipApi.mjs';
import { compareThroughput } from './lib/load.mjs';
import { CLIP_BIN } from './lib/paths.mjs';
import { DEFAULT_LOGGING, DEFAULT_LOGGING_TEXT, withServers } from './lib/processes.mjs';
import { loadSettingsLines, printSummary, writeReport } from './lib/report.mjs';
import { mebibytes, peakRss } from './lib/rss.mjs';
import { loadSettings, runSettings } from './lib/settings.mjs';
import { timeCommand } from './lib/timing.mjs';

const TARGETS = { read: 0.4, create: 0.3, pasteMs: 250, versionMs: 120 };
const CONTENT =
  '# Release notes\n\n- faster uploads\n- `clip paste` reads stdin\n\nSee https://example.com/notes for more.\n';
const settings = loadSettings();
const runs = runSettings();

/** The CLI runs with its own config and cache directories, so no saved login or server on this machine leaks in. */
async function cliEnvironment(clip, key) {
  const home = await mkdtemp(join(tmpdir(), 'clip-bench-cli-'));
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    CLIP_SERVER: clip.url,
    CLIP_API_KEY: key.key,
    NO_COLOR: '1',
  };
  return { env, cleanup: () => rm(home, { recursive: true, force: true }) };
}

async function measureCli(clip, key) {
  const { env, cleanup } = await cliEnvironment(clip, key);
  try {
    process.stderr.write(`  clip paste: ${runs.warmupRuns} warm-up + ${runs.runs} runs\n`);
    const paste = await timeCommand(CLIP_BIN, ['paste'], {
      ...runs,
      env,
      input: CONTENT,
      check: ({ stdout }) => {
        if (!stdout.includes('/paste/')) throw new Error(`clip paste printed no link: ${stdout}`);
      },
    });
    process.stderr.write(`  clip --version: ${runs.warmupRuns} warm-up + ${runs.runs} runs\n`);
    const version = await timeCommand(CLIP_BIN, ['--version'], {
      ...runs,
      env,
      check: ({ stdout }) => {
        if (!/\d+\.\d+\.\d+/.test(stdout)) throw new Error(`clip --version printed no version: ${stdout}`);
      },
    });
    return [
      { measurement: '`clip paste` round trip (stdin -> link)', timing: paste, targetMs: TARGETS.pasteMs },
      { measurement: '`clip --version`', timing: version, targetMs: TARGETS.versionMs },
    ];
  } finally {
    await cleanup();
  }
}

const report = await withServers(async ({ clip, reference }) => {
  const key = await createApiKey(clip, { text_permission: true });
  const share = await createPaste(clip, key.header, { content: CONTENT, max_views: 0 });
  const ref = { label: 'bare Koa', pid: reference.pid };

  process.stderr.write(`pastes: GET /api/paste/${share.slug} vs bare Koa\n`);
  const [readClip, readRef] = await compareThroughput(
    [
      { label: 'clip', pid: clip.pid, request: { url: `${clip.url}/api/paste/${share.slug}` } },
      { ...ref, request: { url: `${reference.url}/` } },
    ],
    settings,
  );

  process.stderr.write('pastes: POST /api/paste vs bare Koa\n');
  const body = JSON.stringify({ content: CONTENT });
  const json = { 'content-type': 'application/json' };
  const [createClip, createRef] = await compareThroughput(
    [
      {
        label: 'clip',
        pid: clip.pid,
        request: {
          url: `${clip.url}/api/paste`,
          method: 'POST',
          headers: { ...json, authorization: key.header },
          body,
        },
      },
      { ...ref, request: { url: `${reference.url}/`, method: 'POST', headers: json, body } },
    ],
    settings,
  );
  const rssAfterLoad = peakRss(clip.pid);

  return {
    throughput: [
      {
        measurement: 'GET /api/paste/{slug} (unlimited share)',
        subject: readClip,
        reference: readRef,
        targetRatio: TARGETS.read,
      },
      {
        measurement: 'POST /api/paste (ApiKey, text permission)',
        subject: createClip,
        reference: createRef,
        targetRatio: TARGETS.create,
      },
    ],
    timings: await measureCli(clip, key),
    notes: [
      'Where the time goes (profile by layer, causes, measured what-ifs): bench/results/foundation-profile.md.',
      `clip's peak RSS over the throughput runs: ${mebibytes(rssAfterLoad)}.`,
      `Share content: ${Buffer.byteLength(CONTENT)} bytes of Markdown. Every read counts a view in the database, so a read is also a write.`,
      'The bare Koa reference answers the same JSON hello-world to the POST without reading the body.',
    ],
  };
}, DEFAULT_LOGGING);

printSummary('pastes', report);
writeReport('pastes', {
  title: 'Benchmark: text shares (read, create, `clip paste`, `clip --version`)',
  command: 'npm run bench -- pastes',
  settings: [
    ...loadSettingsLines(
      settings,
      'SQLite in a temp dir, an API key with text permission created through the admin API',
      DEFAULT_LOGGING_TEXT,
    ),
    `CLI: \`bin/clip\` with CLIP_SERVER and CLIP_API_KEY set, a fresh HOME/XDG_CONFIG_HOME/XDG_CACHE_HOME, ${runs.warmupRuns} warm-up runs (they fill Node's compile cache, as a user's first runs do) then ${runs.runs} timed runs; wall time from spawn to exit`,
  ],
  ...report,
});
