/**
 * The Node direct upload of a file on disk (`POST /upload`, multipart/form-data) over node:http(s); with
 * no form text around it, also a raw range of the file (a part of `fs.upload`).
 *
 * Why not fetch: undici's fetch reads the file into a fresh buffer per chunk and passes it through a web
 * stream; for a gigabyte that is a gigabyte of short-lived buffers, and the client spent most of its
 * CPU time on the collector and on zeroing new pages (bench/results/upload-profile.md). Here two sets
 * of buffers are read into in turn, each reused once the socket has taken it (a write's callback), so
 * the client costs about what curl does.
 *
 * - A fresh connection per upload (`agent: false`): a pooled socket the server has meanwhile closed
 *   would fail the upload with "socket hang up" before a byte is answered.
 * - The server may answer before it has read the body (a refusal: 401, 413): the answer wins. Sending
 *   stops, the answer is read and returned, and what the connection does after that (the server cutting
 *   it) is not an error.
 */
import { type FileHandle, open } from 'node:fs/promises';
import type { ClientRequest } from 'node:http';
import type { RawResponse } from '../types.ts';
import { answerOf, openRequest } from './nodeRequest.ts';

/**
 * The file is read into 256 KiB buffers: the kernel copies a file into buffers of up to 256 KiB about
 * five times cheaper than into larger ones (0.1 s against 0.5 s of CPU per GiB, measured on the 2-core
 * machine; the copy stays in the core's cache). Four of them are filled by one readv, so a gigabyte
 * still takes only a thousand trips through the thread pool.
 */
const BUFFER_BYTES = 256 * 1024;
const BUFFERS_PER_READ = 4;
const READ_BYTES = BUFFER_BYTES * BUFFERS_PER_READ;

/** The buffers (or their starts) that hold the first `bytes` of `buffers`. */
function firstBytes(buffers: Buffer[], bytes: number): Buffer[] {
  const parts: Buffer[] = [];
  for (let left = bytes, i = 0; left > 0 && i < buffers.length; left -= buffers[i].length, i++)
    parts.push(left < buffers[i].length ? buffers[i].subarray(0, left) : buffers[i]);
  return parts;
}

/**
 * Buffer sets of sends that finished, taken by the next: a multipart upload sends hundreds of ranges,
 * and fresh sets each counted as external memory, which set off full collections every few parts.
 * Enough for the parts in flight (3 x 2); a failed send's sets are left to the collector.
 */
const spareSets: Buffer[][] = [];
const SPARE_LIMIT = 6;

/** The request body: the form's text before the file, the file's bytes, the form's text after it. */
export interface FileFormBody {
  head: Buffer;
  path: string;
  /** Where the bytes sent begin in the file (default 0: a part of a larger upload starts further in). */
  start?: number;
  size: number;
  tail: Buffer;
}

export interface FileFormRequest {
  url: string;
  /** POST unless said (an upload request's parts are PUTs). */
  method?: 'POST' | 'PUT';
  headers: Record<string, string>;
  signal: AbortSignal;
  /** Called as file bytes go out. */
  onBytes: (n: number) => void;
  /** Called once every byte is out. */
  onSent: () => void;
}

/** Writes one buffer; resolves once the socket has taken it (the buffer may then be reused). */
function write(req: ClientRequest, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (req.destroyed) return reject(new Error('the connection is closed'));
    // A write the closing connection drops must still settle.
    const onClose = () => reject(new Error('the connection is closed'));
    req.once('close', onClose);
    req.write(chunk, (err) => {
      req.off('close', onClose);
      if (err) reject(err);
      else resolve();
    });
  });
}

/**
 * Sends head, file and tail; reads the next part of the file while the previous one is being written.
 * Stops once `stopped()` (the answer came first).
 */
async function sendBody(
  req: ClientRequest,
  file: FileHandle,
  body: FileFormBody,
  request: FileFormRequest,
  stopped: () => boolean,
): Promise<void> {
  await write(req, body.head);
  const sets = [0, 1].map(
    () => spareSets.pop() ?? Array.from({ length: BUFFERS_PER_READ }, () => Buffer.allocUnsafe(BUFFER_BYTES)),
  );
  // The writes in flight while the next read runs (they finish in order: the last one's callback says the
  // set is free); their failure is kept, not left unhandled meanwhile.
  let failed: { error: unknown } | null = null;
  let writing: Promise<void> = Promise.resolve();
  const written = async () => {
    await writing;
    if (failed) throw failed.error;
  };
  const start = body.start ?? 0;
  for (let position = 0, turn = 0; position < body.size && !stopped(); turn++) {
    const set = sets[turn % 2];
    const { bytesRead } = await file.readv(
      firstBytes(set, Math.min(READ_BYTES, body.size - position)),
      start + position,
    );
    if (bytesRead === 0) throw new Error(`${body.path} is shorter than its ${body.size} bytes`);
    await written();
    const parts = firstBytes(set, bytesRead);
    for (const part of parts.slice(0, -1)) req.write(part);
    writing = write(req, parts[parts.length - 1]).then(
      () => request.onBytes(bytesRead),
      (error) => {
        failed = { error };
      },
    );
    position += bytesRead;
  }
  await written();
  // Every write of them has called back: nothing refers to them any more.
  spareSets.push(...sets.slice(0, SPARE_LIMIT - spareSets.length));
  if (stopped()) return;
  await write(req, body.tail);
  req.end();
  request.onSent();
}

export async function sendFileForm(body: FileFormBody, request: FileFormRequest): Promise<RawResponse> {
  const file = await open(body.path, 'r');
  try {
    const length = body.head.length + body.size + body.tail.length;
    const req = openRequest(new URL(request.url), {
      method: request.method ?? 'POST',
      // A connection of its own, yet not `Connection: close`: a server refusing early would then close
      // on a body still arriving, and the reset can drop its answer; asked to keep the connection, it
      // reads and discards instead (Node's server does), and this side closes it after the answer.
      headers: { ...request.headers, 'content-length': String(length), connection: 'keep-alive' },
      agent: false,
      signal: request.signal,
    });
    let answered = false;
    const answer = answerOf(req).finally(() => {
      answered = true;
    });
    // A failure to send (the file, the connection) fails the request, unless the answer is already in.
    const sending = sendBody(req, file, body, request, () => answered).catch((err) => req.destroy(err));
    try {
      return await answer;
    } finally {
      // An early answer leaves the rest of the body unsent: the connection goes, the send stops.
      if (!req.writableFinished) req.destroy();
      await sending;
    }
  } finally {
    await file.close();
  }
}
