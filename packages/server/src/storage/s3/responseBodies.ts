/**
 * How the S3 client reads a response body it parses (a listing page, an error), in place of the SDK's
 * collector.
 *
 * Why: a listing page of 1,000 keys is ~650 KB of XML. The SDK's collector kept every body chunk until
 * the end, then copied them into one buffer. The socket reads, the chunks and that buffer are memory
 * outside V8's heap that only a collection frees, and a page's buffers live through its parse (~18 MB
 * of allocation, several scavenges), so they were promoted and waited for a full collection that a
 * streamed WebDAV listing never runs: malloc's heap grew ~0.65 KB per object listed (issue 34, item 3).
 *
 * Here each socket read is freed once parsed (socketReads.ts), each chunk once copied into a buffer
 * sized by the response's Content-Length, and a listing page's buffer once the SDK has parsed it
 * (`releaseParsedListPages`, a middleware around the SDK's deserializer). Nothing waits for V8.
 */
import { IncomingMessage } from 'node:http';
import type { S3Client } from '@aws-sdk/client-s3';
import { releaseChunk } from '../releaseChunk.ts';
import { releaseSocketReads } from './socketReads.ts';

/** A declared length past this is not allocated up front: the body grows as it arrives instead. */
const LARGEST_PREALLOCATED = 64 * 1024 * 1024;

/** The collected body of each response still being parsed, by the response's body stream. */
const collected = new WeakMap<object, Uint8Array>();

const asBytes = (chunk: unknown): Uint8Array =>
  typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);

/** The S3 client's `streamCollector`: the whole body of a response, its reads and chunks freed as they go. */
export async function collectResponseBody(stream: unknown): Promise<Uint8Array> {
  if (stream instanceof Blob) return new Uint8Array(await stream.arrayBuffer());
  let declared = -1;
  if (stream instanceof IncomingMessage) {
    releaseSocketReads(stream);
    const length = Number(stream.headers['content-length']);
    if (Number.isSafeInteger(length) && length >= 0 && length <= LARGEST_PREALLOCATED) declared = length;
  }
  let body = new Uint8Array(Math.max(declared, 0));
  let filled = 0;
  for await (const arrived of stream as AsyncIterable<unknown>) {
    const chunk = asBytes(arrived);
    if (filled + chunk.byteLength > body.byteLength) {
      const grown = new Uint8Array(Math.max(filled + chunk.byteLength, body.byteLength * 2));
      grown.set(body.subarray(0, filled));
      releaseChunk(body);
      body = grown;
    }
    body.set(chunk, filled);
    filled += chunk.byteLength;
    releaseChunk(chunk);
  }
  let whole = body;
  if (filled < body.byteLength) {
    whole = body.slice(0, filled);
    releaseChunk(body);
  }
  // An iterated stream is an object: it keys the body until the page's parse is done.
  collected.set(stream as object, whole);
  return whole;
}

/**
 * Frees a listing page's collected body once the SDK's deserializer has parsed it. Only `List*`
 * commands: their output is parsed text, so nothing the caller receives refers to the bytes.
 */
export function releaseParsedListPages(client: S3Client): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const body = (result.response as { body?: unknown } | undefined)?.body;
      if (context.commandName?.startsWith('List') && typeof body === 'object' && body !== null) {
        const bytes = collected.get(body);
        collected.delete(body);
        if (bytes) releaseChunk(bytes);
      }
      return result;
    },
    // Around the SDK's deserializer (deserialize step, normal priority): it has run when `next` returns.
    { step: 'deserialize', priority: 'high', name: 'clipReleaseParsedListPages' },
  );
}
