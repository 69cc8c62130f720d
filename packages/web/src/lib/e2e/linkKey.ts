/**
 * The key of an end-to-end encrypted share: only in the page's fragment (`#k=...`), which the browser
 * never sends to the server.
 */
import { decodeKey, E2eError, type E2eErrorCode, keyFromFragment } from '@clip/sdk';

export type LinkKey = { key: Uint8Array } | { problem: E2eErrorCode };

export function keyInFragment(hash: string): LinkKey {
  try {
    return { key: decodeKey(keyFromFragment(hash)) };
  } catch (err) {
    return { problem: err instanceof E2eError ? err.code : 'missing-key' };
  }
}

/** The `#k=...` part of a share link, to keep it on links the app builds to the same share. */
export function keyFragmentOf(url: string): string {
  const at = url.indexOf('#');
  return at < 0 ? '' : url.slice(at);
}

/** What a failure to open a share is, as one of the stream's codes (anything unexpected reads as damage). */
export function e2eCodeOf(err: unknown): E2eErrorCode {
  return err instanceof E2eError ? err.code : 'corrupted';
}
