/**
 * The Node direct upload of a file on disk (`POST /upload`, multipart/form-data) over node:http(s); with
 * no form text around it, also a raw range of the file (a part of `fs.upload`).
 *
 * Why not fetch: undici's fetch reads the file into a fresh buffer per chunk and passes it through a web
 * stream; for a gigabyte that is a gigabyte of short-lived buffers, and the client spent most of its
 * CPU time on the collector and on zeroing new pages (bench/results/upload-profile.md). Here two
 * buffers are read into in turn, each reused once the socket has taken it (a write's callback), so the
 * client costs about what curl does.
 *
 * - A fresh connection per upload (`agent: false`): a pooled socket the server has meanwhile closed
 *   would fail the upload with "socket hang up" before a byte is answered.
 * - The server may answer before it has read the body (a refusal: 401, 413): the answer wins. Sending
 *   stops, the answer is read and returned, and what the connection does after that (the server cutting
 *   it) is not an error.
 */
import { type FileHandle, open } from 'node:fs/promises';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import type { RawResponse } from '../types.ts';

/** Read size of the file: large enough to keep the calls per gigabyte few. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * Read buffers of sends that finished, taken by the next: a multipart upload sends hundreds of ranges,
 * and a fresh pair each counted as external memory, which set off full collections every few parts.
 * Enough for the parts in flight (3 x 2); a failed send's buffers are left to the collector.
 */
const spareBuffers: Buffer[] = [];
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
  headers: Record<string, string>;
  signal: AbortSignal;
  /** Called as file bytes go out. */
  onBytes: (n: number) => void;
  /** Called once every byte is out. */
  onSent: () => void;
}

/** A server that neither takes bytes nor answers for this long fails the upload (undici's default too). */
const IDLE_TIMEOUT_MS = 300_000;

/** The answer, read whole; rejects when the request fails before an answer came. */
function answerOf(req: ClientRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // `on`, not `once`: the connection may fail again after an early answer, and must not go unhandled.
    req.on('error', reject);
    req.once('response', (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (s: string) => {
        text += s;
      });
      res.on('error', reject);
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', text }),
      );
    });
  });
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
  const buffers = [0, 1].map(() => spareBuffers.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES));
  // The write in flight while the next read runs; its failure is kept, not left unhandled meanwhile.
  let failed: { error: unknown } | null = null;
  let writing: Promise<void> = Promise.resolve();
  const written = async () => {
    await writing;
    if (failed) throw failed.error;
  };
  const start = body.start ?? 0;
  for (let position = 0, turn = 0; position < body.size && !stopped(); turn++) {
    const buffer = buffers[turn % 2];
    const { bytesRead } = await file.read(
      buffer,
      0,
      Math.min(CHUNK_BYTES, body.size - position),
      start + position,
    );
    if (bytesRead === 0) throw new Error(`${body.path} is shorter than its ${body.size} bytes`);
    await written();
    writing = write(req, buffer.subarray(0, bytesRead)).then(
      () => request.onBytes(bytesRead),
      (error) => {
        failed = { error };
      },
    );
    position += bytesRead;
  }
  await written();
  // Every write of them has called back: nothing refers to them any more.
  spareBuffers.push(...buffers.slice(0, SPARE_LIMIT - spareBuffers.length));
  if (stopped()) return;
  await write(req, body.tail);
  req.end();
  request.onSent();
}

export async function sendFileForm(body: FileFormBody, request: FileFormRequest): Promise<RawResponse> {
  const url = new URL(request.url);
  const send = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  const file = await open(body.path, 'r');
  try {
    const length = body.head.length + body.size + body.tail.length;
    const req = send(url, {
      method: 'POST',
      // A connection of its own, yet not `Connection: close`: a server refusing early would then close
      // on a body still arriving, and the reset can drop its answer; asked to keep the connection, it
      // reads and discards instead (Node's server does), and this side closes it after the answer.
      headers: { ...request.headers, 'content-length': String(length), connection: 'keep-alive' },
      agent: false,
      signal: request.signal,
    });
    req.setTimeout(IDLE_TIMEOUT_MS, () => {
      const err = new Error(`no answer and no progress for ${IDLE_TIMEOUT_MS / 1000} s`);
      err.name = 'TimeoutError';
      req.destroy(err);
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
