/**
 * `fs.upload(folder, source)`: one entry for every way a file reaches a mount. Small files go in one
 * FormData request; larger ones go presigned (one PUT straight to storage, where the mount can) or as a
 * resumable multipart upload through the server: 3 parts at once (p-queue), 300 s per part, retries, and
 * on a second run for the same file and place, only the parts the server does not have yet.
 */
import { unwrapEnvelope } from '../client.ts';
import { MULTIPART_CONCURRENCY, MULTIPART_PART_TIMEOUT_MS } from '../constants.ts';
import type { FsMultipartInitResult, FsUploadDone } from '../contract/index.ts';
import { ClipError } from '../errors.ts';
import type { ClipClient } from '../sdk.ts';
import { failRaw } from '../upload/direct.ts';
import { partFailed, transferError, uploadCancelled, withSpaceReport } from '../upload/errors.ts';
import { declaredType } from '../upload/job.ts';
import { sendMissingParts } from '../upload/missingParts.ts';
import { isUnsupportedMode } from '../upload/plan.ts';
import { ProgressReporter } from '../upload/progress.ts';
import { putRange } from '../upload/put.ts';
import { withRetries } from '../upload/retry.ts';
import type { UploadMode, UploadProgress, UploadSource } from '../upload/types.ts';
import { sourceFingerprint } from './fingerprint.ts';

export interface FsUploadOptions {
  /** The file's name in the folder (default: the source's name). */
  filename?: string;
  contentType?: string;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** Forces a mode; by default direct up to `directThreshold`, then multipart (or presigned when asked). */
  mode?: UploadMode;
  /** Sizes up to this go in one FormData request (default 16 MiB). */
  directThreshold?: number;
  /** Parts in flight at once (default 3). */
  concurrency?: number;
  /**
   * The part size to ask the server for (whole MiB, 5 to 64 MiB; default: the server's, 5 MiB). A browser
   * sends fewer, larger parts faster (ADR 0087); the server's answer is what is used.
   */
  partSize?: number;
  /** Time limit of one part (default 300 s). */
  partTimeoutMs?: number;
  /** Retries of a failed part (default 3). */
  retries?: number;
  retryDelayMs?: number;
  /** Create missing parent folders. */
  createParents?: boolean;
  /** Abort the server's session on cancel (default false: the upload stays resumable for 24 h). */
  abortOnCancel?: boolean;
  /** The fetch for part bodies and presigned PUTs (default: the source's streaming fetch, else global fetch). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

export const FS_DIRECT_THRESHOLD = 16 * 1024 * 1024;

interface Run {
  client: ClipClient;
  folder: string;
  source: UploadSource;
  filename: string;
  contentType: string | undefined;
  reporter: ProgressReporter;
  signal: AbortSignal;
  options: FsUploadOptions;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
}

export function chooseFsMode(size: number, options: FsUploadOptions): UploadMode {
  if (options.mode) return options.mode;
  return size <= (options.directThreshold ?? FS_DIRECT_THRESHOLD) ? 'direct' : 'multipart';
}

export async function uploadToFolder(
  client: ClipClient,
  folder: string,
  source: UploadSource,
  options: FsUploadOptions = {},
): Promise<FsUploadDone> {
  const signal = options.signal ?? new AbortController().signal;
  if (signal.aborted) throw uploadCancelled();
  const reporter = new ProgressReporter(options.onProgress);
  reporter.phase('starting', source.size);
  const filename = options.filename ?? source.name;
  const run: Run = {
    client,
    folder,
    source,
    filename,
    contentType: options.contentType ?? declaredType(filename, source.type),
    reporter,
    signal,
    options,
    fetch: options.fetch ?? source.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  };
  const mode = chooseFsMode(source.size, options);
  reporter.setMode(mode);
  try {
    let done: FsUploadDone;
    if (mode === 'direct') done = await direct(run);
    else if (mode === 'presigned') {
      try {
        done = await presigned(run);
      } catch (err) {
        // A mount whose storage cannot presign (local) takes the bytes through the server instead.
        if (!isUnsupportedMode(err)) throw err;
        reporter.setMode('multipart');
        done = await multipart(run);
      }
    } else done = await multipart(run);
    reporter.stage('completed');
    return done;
  } catch (err) {
    throw signal.aborted ? uploadCancelled() : withSpaceReport(err, source.size);
  }
}

async function direct(run: Run): Promise<FsUploadDone> {
  const { client, source, reporter } = run;
  const transport = client.transport;
  reporter.stage('uploading');
  const fields: [string, string][] = [['path', run.folder]];
  if (run.options.createParents) fields.push(['create_parents', 'true']);
  let raw: Awaited<ReturnType<UploadSource['postForm']>>;
  try {
    raw = await source.postForm({
      url: transport.url(`${client.fs.scope()}/upload`),
      headers: transport.headers(),
      fields,
      filename: run.filename,
      contentType: run.contentType ?? 'application/octet-stream',
      signal: run.signal,
      onBytes: (n) => reporter.add(n),
      onSent: () => reporter.stage('processing'),
      fetch: run.fetch,
    });
  } catch (err) {
    throw transferError(err, run.signal);
  }
  if (raw.status < 200 || raw.status >= 300)
    return transport.fail(new Response(raw.text, { status: raw.status, statusText: raw.statusText }), 'file');
  const result = unwrapEnvelope<{ item: FsUploadDone['item'] }>(raw.status, raw.text);
  return { uploadId: '', key: result.item.path, item: result.item };
}

async function presigned(run: Run): Promise<FsUploadDone> {
  const { client, source, reporter, signal } = run;
  reporter.stage('initializing');
  const plan = await client.fs.presign(
    {
      path: run.folder,
      fileName: run.filename,
      contentType: run.contentType,
      fileSize: source.size,
      create_parents: run.options.createParents,
    },
    signal,
  );
  reporter.stage('uploading');
  await withRetries(
    () =>
      putRange(
        {
          source,
          fetch: run.fetch,
          signal,
          timeoutMs: run.options.partTimeoutMs ?? MULTIPART_PART_TIMEOUT_MS,
          reporter,
        },
        plan.uploadUrl,
        0,
        source.size,
        plan.headers,
      ),
    { retries: run.options.retries ?? 3, baseDelayMs: run.options.retryDelayMs ?? 500, signal },
  );
  reporter.stage('completing');
  return client.fs.presignCommit({ uploadId: plan.uploadId, key: plan.key }, signal);
}

async function multipart(run: Run): Promise<FsUploadDone> {
  const { client, source, reporter, signal } = run;
  reporter.stage('initializing');
  const fingerprint = await sourceFingerprint(source, run.filename);
  let init: FsMultipartInitResult = await client.fs.multipartInit(
    {
      path: run.folder,
      filename: run.filename,
      contentType: run.contentType,
      fileSize: source.size,
      fingerprint,
      create_parents: run.options.createParents,
      ...(run.options.partSize ? { partSize: run.options.partSize } : {}),
    },
    signal,
  );
  if (init.resumed) {
    // The server's own account of what it holds is what counts; init's list may be a moment old.
    const status = await client.fs.multipartStatus(init.uploadId, signal);
    init = { ...init, parts: status.parts };
  }
  const have = new Set(init.parts.map((p) => p.partNumber));
  reporter.stage('uploading');
  reporter.add(init.parts.reduce((n, p) => n + p.size, 0));
  try {
    await sendParts(run, init, have);
  } catch (err) {
    if (signal.aborted && run.options.abortOnCancel)
      await client.fs.multipartAbort({ uploadId: init.uploadId, key: init.key }).catch(() => undefined);
    throw err;
  }
  reporter.stage('processing');
  reporter.stage('completing');
  return client.fs.multipartComplete(
    {
      path: run.folder,
      uploadId: init.uploadId,
      key: init.key,
      fileSize: source.size,
      contentType: run.contentType,
    },
    signal,
  );
}

async function sendParts(run: Run, init: FsMultipartInitResult, have: Set<number>): Promise<void> {
  await sendMissingParts({
    parts: init.partCount,
    have,
    concurrency: run.options.concurrency ?? MULTIPART_CONCURRENCY,
    signal: run.signal,
    send: (n, signal) => {
      const start = (n - 1) * init.partSize;
      return sendPart(run, init, n, start, Math.min(start + init.partSize, run.source.size), signal);
    },
  });
}

async function sendPart(
  run: Run,
  init: FsMultipartInitResult,
  n: number,
  start: number,
  end: number,
  signal: AbortSignal,
): Promise<void> {
  const { client, reporter } = run;
  const url = client.fs.multipartPartUrl({
    path: run.folder,
    uploadId: init.uploadId,
    partNumber: n,
    isLastPart: n === init.partCount,
    key: init.key,
  });
  const timeoutMs = run.options.partTimeoutMs ?? MULTIPART_PART_TIMEOUT_MS;
  try {
    await withRetries(
      async () => {
        const timeout = AbortSignal.timeout(timeoutMs);
        const partSignal = AbortSignal.any([signal, timeout]);
        let counted = 0;
        const onBytes = (k: number) => {
          counted += k;
          reporter.add(k);
        };
        const headers = { ...client.transport.headers(), 'content-type': 'application/octet-stream' };
        try {
          // The source's own sender when it has one (a Node file: reused buffers, no web stream), unless
          // the caller brought a fetch of its own.
          if (run.source.postRange && !run.options.fetch) {
            const raw = await run.source.postRange({ url, headers, start, end, signal: partSignal, onBytes });
            await failRaw(client.transport, raw);
            return;
          }
          const body = run.source.body(start, end, onBytes);
          const res = await run.fetch(url, {
            method: 'POST',
            body: body.body,
            headers: { ...headers, ...body.headers },
            signal: partSignal,
            duplex: body.duplex,
          } as RequestInit);
          if (!res.ok) await client.transport.fail(res, 'file');
          await res.arrayBuffer().catch(() => undefined);
          if (!body.streamsProgress) onBytes(end - start - counted);
        } catch (err) {
          reporter.add(-counted);
          if (err instanceof ClipError) throw err;
          throw transferError(err, signal, timeout);
        }
      },
      { retries: run.options.retries ?? 3, baseDelayMs: run.options.retryDelayMs ?? 500, signal },
    );
  } catch (err) {
    throw partFailed(n, err);
  }
}
