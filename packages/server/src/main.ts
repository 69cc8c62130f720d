/** Starts the whole product in one process: API, web app, background work. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type RunningApp, startApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createLogger, flushLog } from './logging.ts';
import { startupFailure } from './startupFailure.ts';
import { releaseStartupGarbage } from './startupGarbage.ts';

const bundledWeb = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** How long a stop waits for requests in flight before cutting them. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(env, { webDir: existsSync(bundledWeb) ? bundledWeb : null });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`clip: configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  let app: RunningApp;
  try {
    app = await startApp(config, { logger: createLogger(config.logLevel, process.stdout) });
  } catch (err) {
    process.stderr.write(`clip: ${startupFailure(err, config)}\n`);
    process.exit(1);
  }
  process.stdout.write(banner(app, config));
  releaseStartupGarbage();

  let stopping = false;
  const stop = async () => {
    // A second signal while draining means "now".
    if (stopping) process.exit(0);
    stopping = true;
    await app.close({ graceMs: SHUTDOWN_GRACE_MS });
    await flushLog();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** What a first start needs to see, printed once the server answers: the URL and the first admin. */
function banner(app: RunningApp, config: Config): string {
  const lines = [
    `clip is listening on ${app.url}${config.webDir ? '' : ' (API only: the web app is not built)'}`,
  ];
  if (app.firstAdmin?.generatedPassword) {
    lines.push(
      '',
      'First administrator created:',
      `  username: ${app.firstAdmin.username}`,
      `  password: ${app.firstAdmin.generatedPassword}`,
      'This password is shown only once. Change it in Admin > Settings; if it is lost, run',
      '`clip admin reset-password` on this machine.',
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
