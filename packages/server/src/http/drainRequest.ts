/**
 * A refused request body must still be read: a server that answers and closes while the client is still
 * sending makes fetch/undici clients see a broken pipe (or a reset that drops the answer) instead of the
 * refusal. These keep reading and discarding a bounded amount after the answer; past the bound the
 * connection is cut.
 */
import type { IncomingMessage } from 'node:http';

/** How much of a refused body the server reads before giving up on the client. */
export const DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * Reads and discards the rest of the body in the background (the answer goes out meanwhile, so the client
 * reads it early); cuts the connection once `maxBytes` more have arrived.
 */
export function discardBody(req: IncomingMessage, maxBytes = DRAIN_BYTES): void {
  if (req.complete || req.destroyed) return;
  capRequestBody(req, maxBytes);
  req.resume();
}

/** Cuts the connection once the body passes `maxBytes` in all (for parsers that drain on their own). */
export function capRequestBody(req: IncomingMessage, maxBytes: number): void {
  let seen = 0;
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) {
      req.off('data', onData);
      req.destroy();
    }
  };
  req.on('data', onData);
  req.once('end', () => req.off('data', onData));
}
