/** `clip login`: an admin session (username + password) or an API key, saved for later commands. */
import { ClipClient } from '@clip/sdk';
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { configPath, loadConfig, saveConfig } from '../services/config.ts';
import { ask, askSecret, canPrompt } from '../services/prompt.ts';
import { resolveServer } from '../services/session.ts';

export interface LoginOptions extends GlobalOptions {
  username?: string;
  password?: string;
  /** A key, or true when the flag was given without one (then it is asked for, unechoed). */
  apiKey?: string | true;
}

async function credential(
  given: string | undefined,
  question: string,
  secret: boolean,
  flag: string,
): Promise<string> {
  if (given !== undefined) {
    if (!given.trim()) throw new CliError(`${flag} must not be empty`);
    return given;
  }
  if (!canPrompt()) throw new CliError(`${flag} is required when not running in a terminal`);
  const answer = secret ? await askSecret(question) : await ask(question);
  if (!answer) throw new CliError(`${flag.replace(/^--/, '')} must not be empty`);
  return answer;
}

export async function login(options: LoginOptions): Promise<void> {
  const server = resolveServer(options, await loadConfig(), process.env);
  if (options.apiKey !== undefined) {
    if (options.username || options.password)
      throw new CliError('use either --api-key or --username/--password');
    const key = await credential(
      options.apiKey === true ? undefined : options.apiKey,
      'API key: ',
      true,
      '--api-key',
    );
    const client = new ClipClient({ baseUrl: server, auth: { type: 'apikey', key } });
    const { permissions, key_info } = await client.auth.verifyApiKey();
    await saveConfig({ server, apiKey: key });
    const granted = Object.entries(permissions)
      .filter(([, on]) => on)
      .map(([name]) => name);
    if (options.json) return printJson({ server, auth_type: 'apikey', permissions, key_info });
    note(`saved to ${configPath()}`);
    return printLine(
      `logged in to ${server} with API key "${key_info.name}" (${granted.join(', ') || 'no permissions'})`,
    );
  }

  const username = await credential(options.username, 'Username: ', false, '--username');
  const password = await credential(options.password, 'Password: ', true, '--password');
  const { token, expires_at } = await new ClipClient({ baseUrl: server }).auth.login(username, password);
  await saveConfig({ server, token });
  if (options.json) return printJson({ server, auth_type: 'admin', username, expires_at });
  note(`saved to ${configPath()}`);
  return printLine(`logged in to ${server} as ${username} (session until ${expires_at})`);
}
