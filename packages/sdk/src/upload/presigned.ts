/** Presigned upload: the server signs one PUT, the bytes go straight to storage, then the server commits. */
import type { FileShareCreated, PresignResult } from '../contract/index.ts';
import { presignFailed, uploadCancelled } from './errors.ts';
import type { UploadJob } from './job.ts';
import { putRange } from './put.ts';
import { withRetries } from './retry.ts';

export async function presignedUpload(job: UploadJob): Promise<FileShareCreated> {
  const { source, reporter, signal } = job;
  reporter.stage('initializing');
  let presigned: PresignResult;
  try {
    presigned = await job.endpoints.presign(
      { ...job.placement, filename: job.filename, mimetype: job.mimetype, size: source.size, ...job.share },
      signal,
    );
  } catch (err) {
    throw signal.aborted ? uploadCancelled() : presignFailed(err, source.size);
  }
  try {
    reporter.stage('uploading');
    const context = { source, fetch: job.fetch, signal, timeoutMs: job.partTimeoutMs, reporter };
    const etag = await withRetries(
      () =>
        putRange(context, presigned.upload_url, 0, source.size, { 'content-type': presigned.contentType }),
      { retries: job.retries, baseDelayMs: job.retryDelayMs, signal },
    );
    reporter.stage('processing');
    reporter.stage('completing');
    return await job.endpoints.commit(
      { file_id: presigned.file_id, size: source.size, ...(etag ? { etag } : {}), ...job.share },
      signal,
    );
  } catch (err) {
    await job.endpoints.discard?.(presigned.file_id).catch(() => undefined);
    throw err;
  }
}
