/** `clip get <slug|url>`: writes a text share's exact content to stdout; a file share is saved (download.ts). */
import { ClipError } from '@clip/sdk';
import type { GlobalOptions } from '../globalOptions.ts';
import { writeOut } from '../output.ts';
import { loadConfig } from '../services/config.ts';
import { parseFileShareRef } from '../services/fileShareRef.ts';
import { anonymousClient, resolveServer } from '../services/session.ts';
import { parseShareRef } from '../services/shareRef.ts';
import type { DownloadOptions } from './download.ts';

export interface GetOptions extends GlobalOptions, DownloadOptions {
  password?: string;
}

const downloadFile = async (server: string, slug: string, options: GetOptions) =>
  (await import('./download.ts')).downloadFileShare(server, slug, options);

export async function get(ref: string, options: GetOptions): Promise<void> {
  const fileLink = parseFileShareRef(ref);
  if (fileLink) return downloadFile(fileLink.server, fileLink.slug, options);
  const share = parseShareRef(ref);
  // A link names its own server; shares are public, so no credential is sent anywhere.
  const server = share.server ?? resolveServer(options, await loadConfig(), process.env);
  const client = anonymousClient(server);
  const password = options.password ?? share.password ?? undefined;
  // With a password the content comes from a POST, keeping the password out of URLs and logs.
  let content: string;
  try {
    content = password
      ? (await client.pastes.unlock(share.slug, password)).content
      : await client.pastes.raw(share.slug);
  } catch (err) {
    // A bare slug that names no text share may name a file share.
    if (share.server === null && err instanceof ClipError && err.status === 404)
      return downloadFile(server, share.slug, options);
    throw err;
  }
  await writeOut(content);
}
