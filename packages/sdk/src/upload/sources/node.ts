/**
 * Files on disk as upload sources (Node only; exported from '@clip/sdk/node'). Nothing is buffered
 * whole: each part is read with its own ranged stream, and the direct upload sends a
 * multipart/form-data body built around the file, with an exact Content-Length (formPost.ts), which also
 * sends the raw ranges of `postRange` (fs.upload's parts).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import type { FetchLike } from '../../client.ts';
import { ClipError } from '../../errors.ts';
import type { FormPost, RawResponse, UploadSource } from '../types.ts';
import { sendFileForm } from './formPost.ts';
import { getText } from './nodeRequest.ts';
import { sendStreamPost } from './streamPost.ts';

// node:crypto is taken when a form is first framed: loading it costs ~6 ms of CPU that `clip ls` and
// the other commands which only send JSON (and load this module with the SDK) need not pay.
const require = createRequire(import.meta.url);

/** No form text around a raw range. */
const NOTHING = Buffer.alloc(0);

/** Read size of the file streams: large enough to keep per-chunk overhead low on gigabyte files. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * undici's own fetch: it reads a streamed body only as fast as the socket drains. The fetch built into
 * Node 24 read a 1 GiB body into memory ahead of a slower receiver (1.1 GB resident, measured).
 */
export const streamingFetch: FetchLike = async (input, init) => {
  // Loaded on the first part or presigned PUT: a direct upload does not need it.
  const { fetch } = await import('undici');
  return (await fetch(input, init as Parameters<typeof fetch>[1])) as unknown as Response;
};

export interface FileSourceOptions {
  /** The name the share gets (default: the file's base name). */
  name?: string;
  type?: string;
}

export interface FileSource extends UploadSource {
  readonly path: string;
}

/** An upload source for the file at `path`; fails when it is not a regular file. */
export async function fileSource(path: string, options: FileSourceOptions = {}): Promise<FileSource> {
  const info = await stat(path).catch((err: NodeJS.ErrnoException) => {
    throw new ClipError(0, 'BAD_REQUEST', `cannot read ${path}: ${err.code ?? err.message}`);
  });
  if (!info.isFile()) throw new ClipError(0, 'BAD_REQUEST', `${path} is not a regular file`);
  const size = info.size;
  return {
    path,
    name: options.name ?? basename(path),
    size,
    type: options.type ?? null,
    lastModified: info.mtimeMs,
    body: (start, end, onBytes) => ({
      body: readRange(path, start, end, onBytes) as unknown as BodyInit,
      duplex: 'half',
      headers: { 'content-length': String(end - start) },
      streamsProgress: true,
    }),
    postForm: (request) => postFile(path, size, request),
    postRange: ({ start, end, ...request }) =>
      sendFileForm(
        { head: NOTHING, path, start, size: end - start, tail: NOTHING },
        { ...request, onSent: () => undefined },
      ),
    postStream: sendStreamPost,
    get: getText,
    fetch: streamingFetch,
  };
}

/** Bytes [start, end) of a file, counted as they are read; the stream is closed however reading ends. */
export async function* readRange(
  path: string,
  start: number,
  end: number,
  onBytes: (n: number) => void,
): AsyncGenerator<Uint8Array> {
  if (end <= start) return;
  const stream = createReadStream(path, { start, end: end - 1, highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      onBytes(chunk.length);
      yield chunk;
    }
  } finally {
    stream.destroy();
  }
}

/** Quotes a form field name or filename the way browsers do (HTML's multipart/form-data encoding). */
export function formQuote(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * The longest boundary RFC 2046 allows. The server finds the end of the file part by searching the body
 * for it, and the search skips ahead by up to the boundary's length: at 70 characters a 1 GiB upload
 * costs the server ~10% less CPU than at curl's 40 (and ~25% less than at 20), and the server's CPU is
 * what bounds a local upload's speed (bench/results/upload.md).
 */
export const FORM_BOUNDARY_LENGTH = 70;

/** The form's text around the file part: placement and share fields first, then the file's part header. */
export function formFrame(request: Pick<FormPost, 'fields' | 'filename' | 'contentType'>) {
  const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
  const boundary = `----clip-${randomBytes(FORM_BOUNDARY_LENGTH).toString('hex')}`.slice(
    0,
    FORM_BOUNDARY_LENGTH,
  );
  const fieldParts = request.fields.map(
    ([key, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${formQuote(key)}"\r\n\r\n${value}\r\n`,
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: Buffer.from(
      `${fieldParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${formQuote(request.filename)}"\r\nContent-Type: ${request.contentType}\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

/**
 * The file as a form: over node:http with reused buffers (formPost.ts) unless the caller brought a
 * fetch of their own, which then carries a streamed body.
 */
async function postFile(path: string, size: number, request: FormPost): Promise<RawResponse> {
  const { contentType, head, tail } = formFrame(request);
  const headers = { ...request.headers, 'content-type': contentType };
  if (request.fetch === streamingFetch)
    return sendFileForm({ head, path, size, tail }, { ...request, headers });
  async function* body(): AsyncGenerator<Uint8Array> {
    yield head;
    yield* readRange(path, 0, size, request.onBytes);
    yield tail;
    request.onSent();
  }
  const res = await request.fetch(request.url, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(head.length + size + tail.length) },
    body: body() as unknown as BodyInit,
    duplex: 'half',
    signal: request.signal,
  } as RequestInit);
  return { status: res.status, statusText: res.statusText, text: await res.text() };
}
