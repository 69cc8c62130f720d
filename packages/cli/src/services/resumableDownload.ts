/**
 * Downloads a URL into a file, resuming with Range: from a partial file left by an earlier run, and
 * after a network failure mid-way (retried with backoff). The final size is checked before the file
 * is given its name.
 */
import { createWriteStream } from 'node:fs';
import { rename, stat, truncate } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ClipError, DEFAULT_MESSAGES } from '@clip/sdk';
import { CliError } from '../errors.ts';
import { counted } from './counted.ts';

export interface DownloadLink {
  url: string;
  /** Bytes the finished file must have. */
  size: number;
  /** When the link stops working (ms since epoch); a fresh one is asked for before then. */
  expiresAt: number;
}

export interface ResumableDownload {
  /** Answers a (fresh) signed link. */
  link: () => Promise<DownloadLink>;
  /** Where the bytes are written while downloading (an existing file there is resumed). */
  partPath: string;
  /** The finished file's name; equal to partPath when resuming in place. */
  finalPath: string;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  retries?: number;
  retryDelayMs?: number;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

const LINK_MARGIN_MS = 10_000;

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

/** A failure worth another attempt: the network, timeouts, or the server having a bad moment. */
function retryable(err: unknown): boolean {
  if (err instanceof ClipError) return err.status === 0 || err.status >= 500 || err.status === 429;
  return !(err instanceof CliError);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request from `offset`; answers the offset reached. Throws on failure (after keeping what arrived). */
async function attempt(job: ResumableDownload, link: DownloadLink, offset: number): Promise<number> {
  const fetchImpl = job.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const headers: Record<string, string> = offset > 0 ? { range: `bytes=${offset}-` } : {};
  let res: Response;
  try {
    res = await fetchImpl(link.url, { headers, signal: job.signal });
  } catch (err) {
    if (job.signal?.aborted) throw new ClipError(0, 'CANCELLED', DEFAULT_MESSAGES.cancelled);
    throw new ClipError(0, 'NETWORK_ERROR', DEFAULT_MESSAGES.network, { cause: String(err) });
  }
  if (res.status === 416) {
    await res.body?.cancel();
    // Nothing left past our offset: either we hold the whole file or ours is longer; start over then.
    if (offset === link.size) return offset;
    await truncate(job.partPath, 0);
    return 0;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new ClipError(
      res.status,
      res.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
      `download answered HTTP ${res.status}`,
    );
  }
  let start = offset;
  if (res.status === 200 && offset > 0) start = 0; // The server ignored Range: take the whole body again.
  if (res.status === 206) {
    const from = Number(/bytes (\d+)-/.exec(res.headers.get('content-range') ?? '')?.[1]);
    if (from !== offset) {
      await res.body?.cancel();
      throw new ClipError(502, 'BAD_RESPONSE', `asked for bytes from ${offset}, got a range from ${from}`);
    }
  }
  if (!res.body) throw new ClipError(502, 'BAD_RESPONSE', 'download answered no body');
  let reached = start;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      reached += chunk.length;
      job.onProgress?.(reached, link.size);
      done(null, chunk);
    },
  });
  const body = Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>);
  const file =
    start === 0 ? createWriteStream(job.partPath) : createWriteStream(job.partPath, { flags: 'a' });
  try {
    await pipeline(body, counter, file, { signal: job.signal });
  } catch (err) {
    if (job.signal?.aborted) throw new ClipError(0, 'CANCELLED', DEFAULT_MESSAGES.cancelled);
    throw new ClipError(0, 'NETWORK_ERROR', DEFAULT_MESSAGES.network, { cause: String(err) });
  }
  return reached;
}

/** Runs the download to its end; answers the bytes written. */
export async function downloadResumable(job: ResumableDownload): Promise<number> {
  const retries = job.retries ?? 5;
  const baseDelay = job.retryDelayMs ?? 500;
  let link = await job.link();
  let offset = await sizeOf(job.partPath);
  if (offset > link.size) {
    await truncate(job.partPath, 0);
    offset = 0;
  }
  job.onProgress?.(offset, link.size);
  let failures = 0;
  while (offset < link.size || !(await exists(job.partPath))) {
    if (link.expiresAt - Date.now() < LINK_MARGIN_MS) link = await job.link();
    try {
      const before = offset;
      offset = await attempt(job, link, offset);
      // A body that ended early without an error is a failure too (else a short server would loop forever).
      if (offset < link.size && offset <= before)
        throw new ClipError(
          0,
          'NETWORK_ERROR',
          `${DEFAULT_MESSAGES.network}: the body ended at byte ${offset}`,
        );
    } catch (err) {
      if (job.signal?.aborted || !retryable(err) || failures >= retries) throw err;
      failures++;
      await sleep(baseDelay * 2 ** (failures - 1));
      offset = await sizeOf(job.partPath);
    }
  }
  const written = await sizeOf(job.partPath);
  if (written !== link.size)
    throw new CliError(
      `download incomplete: ${job.partPath} has ${counted(written, 'byte')}, the share has ${link.size}`,
    );
  if (job.partPath !== job.finalPath) await rename(job.partPath, job.finalPath);
  return written;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
