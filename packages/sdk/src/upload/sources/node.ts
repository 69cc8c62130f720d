/**
 * Files on disk as upload sources (Node only; exported from '@clip/sdk/node'). Nothing is buffered
 * whole: each part is read with its own ranged stream, and the direct upload sends a
 * multipart/form-data body built around the file, with an exact Content-Length (formPost.ts), which also
 * sends the raw ranges of `postRange` (fs.upload's parts).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FetchLike } from '../../client.ts';
import { ClipError } from '../../errors.ts';
import type { FormPost, RawResponse, UploadSource } from '../types.ts';
import { sendFileForm } from './formPost.ts';
import { formText } from './formText.ts';
import { getText } from './nodeRequest.ts';
import { sendStreamPost } from './streamPost.ts';

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

export { FORM_BOUNDARY_LENGTH } from './formText.ts';

/** The form's text around the file part (formText.ts) as the bytes node:http sends. */
export function formFrame(request: Pick<FormPost, 'fields' | 'filename' | 'contentType'>) {
  const { contentType, head, tail } = formText(request);
  return { contentType, head: Buffer.from(head), tail: Buffer.from(tail) };
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
