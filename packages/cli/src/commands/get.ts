/** `clip get <slug|url>`: writes a text share's exact content to stdout. */
import type { GlobalOptions } from '../globalOptions.ts';
import { writeOut } from '../output.ts';
import { loadConfig } from '../services/config.ts';
import { anonymousClient, resolveServer } from '../services/session.ts';
import { parseShareRef } from '../services/shareRef.ts';

export interface GetOptions extends GlobalOptions {
  password?: string;
}

export async function get(ref: string, options: GetOptions): Promise<void> {
  const share = parseShareRef(ref);
  // A link names its own server; shares are public, so no credential is sent anywhere.
  const server = share.server ?? resolveServer(options, await loadConfig(), process.env);
  const client = anonymousClient(server);
  const password = options.password ?? share.password ?? undefined;
  // With a password the content comes from a POST, keeping the password out of URLs and logs.
  const content = password
    ? (await client.pastes.unlock(share.slug, password)).content
    : await client.pastes.raw(share.slug);
  await writeOut(content);
}
