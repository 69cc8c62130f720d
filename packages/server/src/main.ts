/** Starts the whole product in one process: API, web app, background work. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';

const bundledWeb = fileURLToPath(new URL('../../web/dist', import.meta.url));

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
  const app = await startApp(config);
  if (app.firstAdmin?.generatedPassword) {
    process.stdout.write(
      `\nFirst administrator created.\n  username: ${app.firstAdmin.username}\n  password: ${app.firstAdmin.generatedPassword}\nThis password is shown only once; change it in Admin > Settings.\n\n`,
    );
  }
  process.stdout.write(
    `clip is listening on ${app.url}${config.webDir ? '' : ' (API only: the web app is not built)'}\n`,
  );
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
