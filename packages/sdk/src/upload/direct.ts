/** Direct upload: one `POST /upload` multipart/form-data request; the server streams the file to storage. */
import { type Transport, unwrapEnvelope } from '../client.ts';
import type { FileShareCreated } from '../contract/index.ts';
import type { CallKind } from '../errors.ts';
import { transferError, withSpaceReport } from './errors.ts';
import type { UploadJob } from './job.ts';
import type { RawResponse } from './types.ts';

/**
 * The form fields in the order the server needs them: placement before the file (always sent, empty for
 * the default, so the server streams rather than spools), then the share settings.
 */
export function directFormFields(job: UploadJob): [string, string][] {
  const ordered: [string, unknown][] = [
    ['s3_config_id', job.placement.s3_config_id],
    ['path', job.placement.path],
    ['mimetype', job.mimetype],
    ['slug', job.share.slug],
    ['remark', job.share.remark],
    ['password', job.share.password],
    ['expires_in', job.share.expires_in],
    ['max_views', job.share.max_views],
    ['encrypted', job.share.encrypted],
  ];
  return ordered
    .filter(([k, v]) => k === 's3_config_id' || k === 'path' || (v !== undefined && v !== null && v !== ''))
    .map(([k, v]) => [k, v == null ? '' : String(v)]);
}

/** Throws the transport's error for a failed response the platform received itself (nothing for a 2xx). */
export async function failRaw(
  transport: Transport,
  raw: RawResponse,
  kind: CallKind = 'file',
): Promise<void> {
  if (raw.status >= 200 && raw.status < 300) return;
  await transport.fail(new Response(raw.text, { status: raw.status, statusText: raw.statusText }), kind);
}

/** Unwraps the envelope of a response the platform received itself, mapping failures as the transport does. */
export async function unwrapRaw<T>(
  transport: Transport,
  raw: RawResponse,
  kind: CallKind = 'file',
): Promise<T> {
  await failRaw(transport, raw, kind);
  return unwrapEnvelope<T>(raw.status, raw.text);
}

export async function directUpload(job: UploadJob): Promise<FileShareCreated> {
  const transport = job.client.transport;
  job.reporter.stage('uploading');
  let raw: RawResponse;
  try {
    raw = await job.source.postForm({
      url: transport.url('/upload'),
      headers: transport.headers(),
      fields: directFormFields(job),
      filename: job.filename,
      contentType: job.mimetype ?? 'application/octet-stream',
      signal: job.signal,
      onBytes: (n) => job.reporter.add(n),
      onSent: () => job.reporter.stage('processing'),
      fetch: job.fetch,
    });
  } catch (err) {
    throw transferError(err, job.signal);
  }
  try {
    return await unwrapRaw<FileShareCreated>(transport, raw);
  } catch (err) {
    throw withSpaceReport(err, job.source.size);
  }
}
