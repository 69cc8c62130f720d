/**
 * Presigned multipart upload (spec section 4: init, then parts, then complete; abort on error or
 * cancel). Parts go straight to storage, a few at once (p-queue), each with a time limit and retries.
 */
import type { CompletedPart, FileShareCreated, MultipartInitResult } from '../contract/index.ts';
import { ClipError } from '../errors.ts';
import { partFailed, presignFailed, uploadCancelled } from './errors.ts';
import type { UploadJob } from './job.ts';
import { sendMissingParts } from './missingParts.ts';
import { PartUrls } from './partUrls.ts';
import { type PutContext, putRange } from './put.ts';
import { withRetries } from './retry.ts';

export async function multipartUpload(job: UploadJob): Promise<FileShareCreated> {
  const { source, reporter, signal } = job;
  reporter.stage('initializing');
  let init: MultipartInitResult;
  try {
    init = await job.endpoints.multipartInit(
      { ...job.placement, filename: job.filename, mimetype: job.mimetype, size: source.size, ...job.share },
      signal,
    );
  } catch (err) {
    throw signal.aborted ? uploadCancelled() : presignFailed(err, source.size);
  }
  const ids = { file_id: init.file_id, upload_id: init.upload_id };
  // Stops the other parts when one fails for good, as well as when the caller cancels.
  const stop = new AbortController();
  const partSignal = AbortSignal.any([signal, stop.signal]);
  try {
    reporter.stage('uploading');
    const parts = await uploadParts(job, init, partSignal);
    reporter.stage('processing');
    reporter.stage('completing');
    return await job.endpoints.multipartComplete({ ...ids, parts, ...job.share }, signal);
  } catch (err) {
    stop.abort();
    // Best effort: some stores refuse AbortMultipartUpload; the server drops the record either way.
    await job.endpoints.multipartAbort(ids).catch(() => undefined);
    throw signal.aborted ? uploadCancelled() : err;
  }
}

async function uploadParts(
  job: UploadJob,
  init: MultipartInitResult,
  signal: AbortSignal,
): Promise<CompletedPart[]> {
  const urls = new PartUrls(job.endpoints, init, signal);
  const context: PutContext = {
    source: job.source,
    fetch: job.fetch,
    signal,
    timeoutMs: job.partTimeoutMs,
    reporter: job.reporter,
  };
  const done: CompletedPart[] = [];
  await sendMissingParts({
    parts: init.part_count,
    have: new Set(),
    concurrency: job.concurrency,
    signal,
    async send(n, partSignal) {
      const start = (n - 1) * init.part_size;
      const end = Math.min(start + init.part_size, job.source.size);
      const etag = await uploadPart(job, { ...context, signal: partSignal }, urls, n, start, end);
      done.push({ partNumber: n, etag });
    },
  });
  return done.sort((a, b) => a.partNumber - b.partNumber);
}

async function uploadPart(
  job: UploadJob,
  context: PutContext,
  urls: PartUrls,
  n: number,
  start: number,
  end: number,
): Promise<string> {
  let refused = false;
  try {
    return await withRetries(
      async () => {
        const url = await urls.get(n, refused);
        try {
          const etag = await putRange(context, url, start, end);
          if (!etag)
            throw new ClipError(0, 'BAD_RESPONSE', 'storage answered no ETag (is it exposed by CORS?)');
          return etag;
        } catch (err) {
          // A 403 is what an expired signature looks like: sign again before the next attempt.
          refused = err instanceof ClipError && err.status === 403;
          throw err;
        }
      },
      { retries: job.retries, baseDelayMs: job.retryDelayMs, signal: context.signal },
    );
  } catch (err) {
    throw partFailed(n, err);
  }
}
