/**
 * URL upload: the server inspects the remote file, the client fetches it (straight, or through the
 * server's proxy when CORS or the network refuses) and uploads it like any file, through the `/url/*`
 * endpoints that record where it came from. Progress: download 0-49 %, upload 50-99 % (spec section 9).
 */
import { URL_UPLOAD_PROGRESS } from '../constants.ts';
import type { FileShareCreated, UrlInfo } from '../contract/index.ts';
import { ClipError } from '../errors.ts';
import type { ClipClient } from '../sdk.ts';
import { httpUrlProblem, uploadContentType } from '../validation.ts';
import { urlEndpoints } from './endpoints.ts';
import { transferError, uploadCancelled } from './errors.ts';
import { ProgressReporter } from './progress.ts';
import { blobSink, type DownloadSink } from './sinks.ts';
import type { UploadOptions, UploadSource } from './types.ts';
import { uploadSource } from './uploadFile.ts';

export interface UrlUploadOptions extends UploadOptions {
  /**
   * Where the bytes come from: `auto` (default) fetches the URL and falls back to the server's proxy on
   * CORS or network errors; `direct` only fetches; `proxy` always goes through the server.
   */
  via?: 'auto' | 'direct' | 'proxy';
  /** Where downloaded bytes wait for the upload (default: memory; '@clip/sdk/node' has a temp-file sink). */
  sink?: DownloadSink;
  /** The fetch used for the direct download (default: global fetch). */
  downloadFetch?: (input: string, init: RequestInit) => Promise<Response>;
}

const DOWNLOAD_RANGE = { from: 0, to: URL_UPLOAD_PROGRESS.downloadEnd };
const UPLOAD_RANGE = { from: URL_UPLOAD_PROGRESS.uploadStart, to: URL_UPLOAD_PROGRESS.uploadEnd };

async function fetchDirect(info: UrlInfo, options: UrlUploadOptions): Promise<Response> {
  const fetchImpl = options.downloadFetch ?? ((input, init) => globalThis.fetch(input, init));
  const res = await fetchImpl(info.final_url || info.url, { signal: options.signal });
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new ClipError(
      502,
      'UPSTREAM_FAILED',
      `${new URL(res.url || info.url).host} answered HTTP ${res.status}`,
    );
  }
  return res;
}

/** The remote body, fetched the way `via` says. */
export async function downloadRemote(
  client: ClipClient,
  info: UrlInfo,
  options: UrlUploadOptions,
): Promise<Response> {
  const via = options.via ?? 'auto';
  if (via === 'proxy') return client.url.proxy(info.url, options.signal);
  try {
    return await fetchDirect(info, options);
  } catch (err) {
    if (options.signal?.aborted) throw uploadCancelled();
    // fetch rejects with a TypeError for CORS refusals and network failures alike: the proxy can do both.
    if (via === 'auto' && !(err instanceof ClipError)) return client.url.proxy(info.url, options.signal);
    throw err instanceof ClipError ? err : transferError(err, options.signal);
  }
}

export async function uploadFromUrl(
  client: ClipClient,
  url: string,
  options: UrlUploadOptions = {},
): Promise<FileShareCreated> {
  const problem = httpUrlProblem(url);
  if (problem) throw new ClipError(0, 'BAD_REQUEST', problem);
  const { signal } = options;
  const reporter = new ProgressReporter(options.onProgress);
  let source: UploadSource | null = null;
  try {
    reporter.phase('starting', 0, DOWNLOAD_RANGE);
    const info = await client.url.info(url, signal);
    const filename = options.filename ?? info.filename;
    reporter.phase('downloading', info.size ?? 0, DOWNLOAD_RANGE);
    const res = await downloadRemote(client, info, options);
    if (!res.body) throw new ClipError(502, 'UPSTREAM_FAILED', 'the remote file has no body');
    const sink = options.sink ?? blobSink;
    source = await sink(res.body, { name: filename, type: info.mimetype }, (n) => reporter.add(n), signal);
    const uploadOptions: UploadOptions = {
      ...options,
      filename,
      mimetype: options.mimetype ?? uploadContentType(filename, info.mimetype),
    };
    return await uploadSource(
      client,
      source,
      uploadOptions,
      urlEndpoints(client, url),
      reporter,
      UPLOAD_RANGE,
    );
  } catch (err) {
    if (signal?.aborted) throw uploadCancelled();
    throw err instanceof ClipError ? err : transferError(err, signal);
  } finally {
    await source?.dispose?.().catch(() => undefined);
  }
}
