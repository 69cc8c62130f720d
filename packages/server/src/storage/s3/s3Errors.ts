/** Reading the SDK's errors: S3 names errors in the body, HEAD answers carry only a status. */

export function s3ErrorName(err: unknown): string | undefined {
  return (err as { name?: string })?.name;
}

export function s3Status(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

/** A missing object (not a missing bucket or upload, which are configuration or caller problems). */
export function isNotFound(err: unknown): boolean {
  const name = s3ErrorName(err);
  if (name === 'NoSuchKey' || name === 'NotFound') return true;
  return s3Status(err) === 404 && name !== 'NoSuchBucket' && name !== 'NoSuchUpload';
}

/** A short, secret-free description of a failed call: what a log line or a connection test shows. */
export function describeS3Error(err: unknown): string {
  const name = s3ErrorName(err) ?? 'Error';
  const status = s3Status(err);
  const message = (err as Error)?.message || '';
  const code = (err as { code?: string })?.code;
  const parts = [status ? `${name} (HTTP ${status})` : code && code !== name ? `${name} ${code}` : name];
  if (message && message !== name && message !== 'UnknownError') parts.push(message);
  return parts.join(': ');
}
