/**
 * Frees each read buffer of an S3 response's socket as soon as node:http has parsed it.
 *
 * A socket hands each read (up to 64 KiB) to node:http's response parser in a fresh buffer, and the
 * parser copies what it keeps out of it (the body into chunks of their own, header text into strings)
 * before its 'data' listener returns: after that listener the read buffer is dead, and left to V8 it
 * piles up with the rest (storage/releaseChunk.ts). Releasing it here, with the body chunks released by
 * their last reader (serving/sendStream.ts), keeps a download's external memory near zero.
 *
 * The release must run after the parser's listener, never before: it is added only once the response
 * exists (node:http added its own listener when the request took the socket) and only when that is the
 * socket's one listener, and removed when the body ends, before a kept-alive socket can carry another
 * response (whose parser listener would then come after this one).
 */
import { IncomingMessage } from 'node:http';
import { releaseChunk } from '../releaseChunk.ts';

export function releaseSocketReads(body: unknown): void {
  if (!(body instanceof IncomingMessage) || body.complete) return;
  const socket = body.socket;
  if (socket?.listenerCount('data') !== 1) return;
  socket.on('data', releaseChunk);
  const stop = () => socket.off('data', releaseChunk);
  body.once('end', stop);
  body.once('close', stop);
}
