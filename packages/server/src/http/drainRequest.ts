/**
 * Refusing a request body without reading it makes the server close the socket while the client is still
 * sending, and fetch/undici clients then see a broken pipe instead of the answer. These read and discard a
 * bounded amount so the refusal can be read; past the bound the connection is cut.
 */
import type { IncomingMessage } from 'node:http';

/** How much of a refused body the server reads before giving up on the client. */
export const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 30_000;

/** Reads and discards the rest of the body, up to `maxBytes` and `maxMs`; answers whether it ended. */
export function drainRequest(
  req: IncomingMessage,
  maxBytes = DRAIN_BYTES,
  maxMs = DRAIN_MS,
): Promise<boolean> {
  if (req.complete || req.readableEnded) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      if (!ended) req.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(req.complete);
    const timer = setTimeout(() => finish(false), maxMs);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.once('error', onClose);
    req.resume();
  });
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
