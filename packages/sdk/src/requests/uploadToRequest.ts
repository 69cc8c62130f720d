/**
 * Uploads one file into someone's upload request, by its link (`{origin}/r/{slug}`), with no account:
 * a resumable session of 5 MiB parts, a few at once, each retried. Given a `memory`, the session's id and
 * token are kept under the file's identity, so a later call for the same file (after a reload, a lost
 * connection, a killed process) asks the server which parts it holds and sends only the others.
 */
import type { FetchLike } from '../client.ts';
import { MULTIPART_PART_TIMEOUT_MS } from '../constants.ts';
import type { RequestUploadDone, RequestUploadStarted } from '../contract/index.ts';
import { UPLOAD_REQUEST_PART_BYTES, UPLOAD_TOKEN_HEADER } from '../contract/index.ts';
import { ClipError } from '../errors.ts';
import { ClipClient } from '../sdk.ts';
import { failRaw } from '../upload/direct.ts';
import { transferError } from '../upload/errors.ts';
import { sendMissingParts } from '../upload/missingParts.ts';
import { withRetries } from '../upload/retry.ts';
import { blobSource } from '../upload/sources/blob.ts';
import type { UploadSource } from '../upload/types.ts';

/** A session kept for resuming: what `start` answered. */
export interface RememberedRequestUpload {
  uploadId: string;
  uploadToken: string;
}

/** Where sessions are kept between attempts (the web app: IndexedDB; the CLI: a file). */
export interface RequestUploadMemory {
  get(key: string): Promise<RememberedRequestUpload | undefined>;
  set(key: string, value: RememberedRequestUpload): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface UploadToRequestOptions {
  /** The request's password (verified first) or a share-access token already held. */
  password?: string;
  shareToken?: string;
  /** The name the owner sees the upload came from. */
  uploader?: string;
  /** The name to send (default: the source's). */
  filename?: string;
  memory?: RequestUploadMemory;
  onProgress?: (progress: { loaded: number; total: number }) => void;
  signal?: AbortSignal;
  /** Parts in flight at once (default 4). */
  concurrency?: number;
  retries?: number;
  retryDelayMs?: number;
  partTimeoutMs?: number;
  fetch?: FetchLike;
}

/** The server's base URL and the slug of a request link; 400-like ClipError for anything else. */
export function parseRequestLink(link: string): { baseUrl: string; slug: string } {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new ClipError(400, 'BAD_REQUEST', `"${link}" is not a link`);
  }
  const m = /^(.*)\/r\/([A-Za-z0-9_-]{1,50})\/?$/.exec(url.pathname);
  if (!m) throw new ClipError(400, 'BAD_REQUEST', `"${link}" is not an upload request link (…/r/<slug>)`);
  return { baseUrl: `${url.origin}${m[1]}`, slug: m[2] };
}

/** The key a session is remembered by: the request and the file's identity. */
export function requestUploadKey(slug: string, source: UploadSource, filename: string): string {
  return `${slug}\n${filename}\n${source.size}\n${source.lastModified ?? ''}`;
}

const GONE_STATUSES = new Set([403, 404, 409, 410]);

export async function uploadToRequest(
  link: string,
  file: UploadSource | Blob,
  options: UploadToRequestOptions = {},
): Promise<RequestUploadDone> {
  const source =
    typeof Blob === 'function' && file instanceof Blob ? blobSource(file) : (file as UploadSource);
  const { baseUrl, slug } = parseRequestLink(link);
  const client = new ClipClient({ baseUrl, fetch: options.fetch });
  const requests = client.uploadRequests;
  const signal = options.signal ?? new AbortController().signal;
  const filename = options.filename ?? source.name;
  const key = requestUploadKey(slug, source, filename);
  let shareToken = options.shareToken;
  if (!shareToken && options.password) shareToken = (await requests.verify(slug, options.password)).token;

  let session: RequestUploadStarted | null = null;
  let have = new Set<number>();
  const remembered = await options.memory?.get(key);
  if (remembered) {
    try {
      const status = await requests.status(slug, remembered.uploadId, remembered.uploadToken, signal);
      const partSize = UPLOAD_REQUEST_PART_BYTES;
      session = {
        ...remembered,
        partSize,
        parts: Math.max(1, Math.ceil(source.size / partSize)),
      };
      have = new Set(status.parts);
    } catch (err) {
      // A session the server no longer has (swept, aborted, another's) starts over.
      if (!(err instanceof ClipError) || !GONE_STATUSES.has(err.status)) throw err;
      await options.memory?.delete(key);
    }
  }
  if (!session) {
    session = await requests.start(
      slug,
      { filename, size: source.size, contentType: source.type ?? undefined, uploader: options.uploader },
      shareToken,
      signal,
    );
    await options.memory?.set(key, { uploadId: session.uploadId, uploadToken: session.uploadToken });
  }

  const { partSize } = session;
  const sizeOf = (n: number) => Math.min(partSize, source.size - (n - 1) * partSize);
  let loaded = 0;
  for (const n of have) loaded += sizeOf(n);
  const report = (k: number) => {
    loaded += k;
    options.onProgress?.({ loaded, total: source.size });
  };
  report(0);

  const started = session;
  await sendMissingParts({
    parts: started.parts,
    have,
    concurrency: options.concurrency ?? 4,
    signal,
    send: (n, partSignal) => sendPart(client, source, slug, started, n, partSignal, report, options),
  });
  const done = await requests.complete(slug, started.uploadId, started.uploadToken, shareToken, signal);
  await options.memory?.delete(key);
  return done;
}

async function sendPart(
  client: ClipClient,
  source: UploadSource,
  slug: string,
  session: RequestUploadStarted,
  n: number,
  signal: AbortSignal,
  report: (k: number) => void,
  options: UploadToRequestOptions,
): Promise<void> {
  const start = (n - 1) * session.partSize;
  const end = Math.min(start + session.partSize, source.size);
  const url = client.uploadRequests.partUrl(slug, session.uploadId, n);
  const headers = { [UPLOAD_TOKEN_HEADER]: session.uploadToken, 'content-type': 'application/octet-stream' };
  const timeoutMs = options.partTimeoutMs ?? MULTIPART_PART_TIMEOUT_MS;
  await withRetries(
    async () => {
      const timeout = AbortSignal.timeout(timeoutMs);
      const each = AbortSignal.any([signal, timeout]);
      let counted = 0;
      const onBytes = (k: number) => {
        counted += k;
        report(k);
      };
      try {
        if (source.postRange && !options.fetch) {
          const raw = await source.postRange({
            url,
            method: 'PUT',
            headers,
            start,
            end,
            signal: each,
            onBytes,
          });
          await failRaw(client.transport, raw, 'default');
          return;
        }
        const body = source.body(start, end, onBytes);
        const res = await (options.fetch ?? source.fetch ?? globalThis.fetch)(url, {
          method: 'PUT',
          body: body.body,
          headers: { ...headers, ...body.headers },
          signal: each,
          duplex: body.duplex,
        } as RequestInit);
        if (!res.ok) await client.transport.fail(res, 'default');
        await res.arrayBuffer().catch(() => undefined);
        if (!body.streamsProgress) onBytes(end - start - counted);
      } catch (err) {
        report(-counted);
        if (err instanceof ClipError) throw err;
        throw transferError(err, signal, timeout);
      }
    },
    { retries: options.retries ?? 3, baseDelayMs: options.retryDelayMs ?? 500, signal },
  );
}
