/** `clip logout`: revokes the stored admin session on the server and forgets the credential. */
import { ClipClient } from '@clip/sdk';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { clearCredentials, loadConfig } from '../services/config.ts';
import { normalizeServerUrl } from '../services/serverUrl.ts';

export async function logout(options: GlobalOptions): Promise<void> {
  const config = await loadConfig();
  const hadCredential = Boolean(config.token || config.apiKey);
  let revoked = false;
  if (config.token && config.server) {
    const client = new ClipClient({
      baseUrl: normalizeServerUrl(config.server, 'config server'),
      auth: { type: 'admin', token: config.token },
    });
    // Best effort: an expired token or an unreachable server must not keep the secret on disk.
    try {
      await client.auth.logout();
      revoked = true;
    } catch (err) {
      note(`note: the server did not revoke the session (${(err as Error).message})`);
    }
  }
  await clearCredentials();
  if (process.env.CLIP_TOKEN || process.env.CLIP_API_KEY)
    note('note: CLIP_TOKEN / CLIP_API_KEY is set in the environment and still applies');
  if (options.json)
    return printJson({ logged_out: hadCredential, session_revoked: revoked, server: config.server ?? null });
  return printLine(hadCredential ? `logged out of ${config.server ?? 'the server'}` : 'not logged in');
}
