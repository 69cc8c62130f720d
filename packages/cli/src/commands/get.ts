/** `clip get <slug|url>`: writes a text share's exact content to stdout; a file share is saved (download.ts). */
import { ClipError } from '@clip/sdk';
import type { GlobalOptions } from '../globalOptions.ts';
import { writeOut } from '../output.ts';
import { loadConfig } from '../services/config.ts';
import { parseFileShareRef } from '../services/fileShareRef.ts';
import { explainServerFailure } from '../services/serverCheck.ts';
import { readerClient, resolveServer } from '../services/session.ts';
import { parseShareRef, type ShareRef } from '../services/shareRef.ts';
import type { DownloadOptions } from './download.ts';

export interface GetOptions extends GlobalOptions, DownloadOptions {
  password?: string;
}

const downloadFile = async (server: string, slug: string, options: GetOptions) =>
  (await import('./download.ts')).downloadFileShare(server, slug, options);

export async function get(ref: string, options: GetOptions): Promise<void> {
  const fileLink = parseFileShareRef(ref);
  if (fileLink)
    return explained(fileLink.server, () => downloadFile(fileLink.server, fileLink.slug, options));
  const share = parseShareRef(ref);
  // A link names its own server; the caller's credential goes only to its own server (readerClient).
  const server = share.server ?? resolveServer(options, await loadConfig(), process.env);
  return explained(server, () => getTextOrFile(server, share, options));
}

async function explained(server: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    throw await explainServerFailure(server, err);
  }
}

const missing = (err: unknown, statuses: number[]) =>
  err instanceof ClipError && statuses.includes(err.status);

/** A text link is a text share; a bare slug is a text share or else a file share of that slug. */
async function getTextOrFile(server: string, share: ShareRef, options: GetOptions): Promise<void> {
  const client = await readerClient(options, server);
  const password = options.password ?? share.password ?? undefined;
  // With a password the content comes from a POST, keeping the password out of URLs and logs.
  let content: string;
  try {
    content = password
      ? (await client.pastes.unlock(share.slug, password)).content
      : await client.pastes.raw(share.slug);
  } catch (textErr) {
    if (share.server !== null || !missing(textErr, [404, 410])) throw textErr;
    try {
      return await downloadFile(server, share.slug, options);
    } catch (fileErr) {
      if (!missing(fileErr, [404])) throw fileErr;
      // Neither kind is there: say so, or give the text share's own reason (expired, used up).
      if (missing(textErr, [404]))
        throw new ClipError(404, 'NOT_FOUND', `text or file share "${share.slug}" not found on ${server}`);
      throw textErr;
    }
  }
  await writeOut(content);
}
