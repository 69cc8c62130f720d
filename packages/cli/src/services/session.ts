/**
 * Client construction: which server and which credential a command uses.
 * Server: --server, then CLIP_SERVER, then the config file, then the default (localhost:8787).
 * Credential: CLIP_TOKEN, then CLIP_API_KEY (scripts need no login step), then the stored one,
 * which is sent only to the server it was issued by.
 */
import { type Auth, ClipClient, type ClipError, DEFAULT_SERVER_URL } from '@clip/sdk';
// Not from '@clip/sdk/node', whose upload sources and sinks (and node:fs/promises) would load with it.
import { nodeRequestText } from '@clip/sdk/node-request';
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { clearCredentials, loadConfig, type StoredConfig } from './config.ts';
import { explainServerFailure } from './serverCheck.ts';
import { normalizeServerUrl } from './serverUrl.ts';

export type CredentialSource = 'env' | 'config' | 'none';

export interface Target {
  server: string;
  auth: Auth;
  source: CredentialSource;
}

export interface Session extends Target {
  client: ClipClient;
}

export function resolveServer(globals: GlobalOptions, config: StoredConfig, env: NodeJS.ProcessEnv): string {
  if (globals.server) return normalizeServerUrl(globals.server, '--server');
  if (env.CLIP_SERVER) return normalizeServerUrl(env.CLIP_SERVER, 'CLIP_SERVER');
  if (config.server) return normalizeServerUrl(config.server, 'config server');
  return DEFAULT_SERVER_URL;
}

export function resolveTarget(globals: GlobalOptions, config: StoredConfig, env: NodeJS.ProcessEnv): Target {
  const server = resolveServer(globals, config, env);
  if (env.CLIP_TOKEN) return { server, auth: { type: 'admin', token: env.CLIP_TOKEN }, source: 'env' };
  if (env.CLIP_API_KEY) return { server, auth: { type: 'apikey', key: env.CLIP_API_KEY }, source: 'env' };
  const storedFor = config.server ? normalizeServerUrl(config.server, 'config server') : null;
  if (storedFor === server) {
    if (config.token) return { server, auth: { type: 'admin', token: config.token }, source: 'config' };
    if (config.apiKey) return { server, auth: { type: 'apikey', key: config.apiKey }, source: 'config' };
  }
  return { server, auth: { type: 'none' }, source: 'none' };
}

/** The hint shown when the server refuses the credential for good. */
function reloginHint(source: CredentialSource): string {
  return source === 'env' ? 'check CLIP_TOKEN / CLIP_API_KEY' : 'run `clip login`';
}

export interface SessionOptions {
  /** Fail before any request when there is no credential at all. */
  requireAuth?: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs `work` with a client for the resolved target. When a 401 ends the session (the SDK's
 * onSessionEnded, spec section 8), the stored credential is forgotten and the failure says so.
 */
export async function withSession<T>(
  globals: GlobalOptions,
  options: SessionOptions,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  const env = options.env ?? process.env;
  const target = resolveTarget(globals, await loadConfig(env), env);
  if (options.requireAuth && target.auth.type === 'none')
    throw new CliError(`not logged in to ${target.server}: run \`clip login\` or set CLIP_API_KEY`);
  const seen: { ended: ClipError | null } = { ended: null };
  const client = new ClipClient({
    baseUrl: target.server,
    auth: target.auth,
    requestText: nodeRequestText,
    onSessionEnded: (error) => {
      seen.ended = error;
    },
  });
  try {
    return await work({ ...target, client });
  } catch (err) {
    if (seen.ended !== null && err === seen.ended) {
      if (target.source === 'config') await clearCredentials(env);
      throw new CliError(`${seen.ended.message} (${reloginHint(target.source)})`, { cause: err });
    }
    throw await explainServerFailure(target.server, err);
  }
}

/** A client that carries no credential, for public reads (shares) on any server. */
export function anonymousClient(server: string): ClipClient {
  return new ClipClient({ baseUrl: server, requestText: nodeRequestText });
}

/**
 * A client for a public read of a share on `server`: with the caller's credential when it is for that
 * server (the owner's own reads count no view and are not logged as visits), else with none, so a
 * credential never goes to a server a link names.
 */
export async function readerClient(globals: GlobalOptions, server: string): Promise<ClipClient> {
  const env = process.env;
  const target = resolveTarget(globals, await loadConfig(env), env);
  if (target.server !== server || target.auth.type === 'none') return anonymousClient(server);
  return new ClipClient({ baseUrl: server, auth: target.auth, requestText: nodeRequestText });
}
