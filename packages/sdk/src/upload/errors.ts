/**
 * Section 8's upload errors: every failure an upload meets becomes a ClipError with the catalogue's
 * message, keeping the server's reason where there is one.
 */
import { ClipError, DEFAULT_MESSAGES } from '../errors.ts';
import { formatBytes } from './format.ts';

export const uploadCancelled = () => new ClipError(0, 'CANCELLED', DEFAULT_MESSAGES.uploadCancelled);

/** True for a failure that happened because the caller cancelled. */
export const isCancellation = (err: unknown) => err instanceof ClipError && err.code === 'CANCELLED';

/** What the server says about space when it refuses a file (any field may be missing). */
interface SpaceReport {
  file_size?: number;
  remaining?: number;
  total?: number;
}

/** "insufficient storage: file 1.5 GiB, 200 MiB remaining of 10 GiB total capacity". */
export function insufficientStorage(status: number, data: unknown, fileSize: number): ClipError {
  const report = (data && typeof data === 'object' ? data : {}) as SpaceReport;
  const size = report.file_size ?? fileSize;
  const details = [`file ${formatBytes(size)}`];
  if (typeof report.remaining === 'number') details.push(`${formatBytes(report.remaining)} remaining`);
  if (typeof report.total === 'number') details.push(`${formatBytes(report.total)} total capacity`);
  return new ClipError(
    status,
    'INSUFFICIENT_STORAGE',
    `${DEFAULT_MESSAGES.insufficientStorage}: ${details.join(', ')}`,
    report,
  );
}

/** Server answers that keep their own message (permission, slug, size and space problems). */
function speaksForItself(err: ClipError): boolean {
  return [401, 403, 409, 413].includes(err.status) || err.code === 'CANCELLED';
}

/** A refusal that reports the space left (the server answers 413 with `remaining` and `total`). */
function reportsSpace(data: unknown): boolean {
  const report = data as SpaceReport | null;
  return typeof report?.remaining === 'number' && typeof report?.total === 'number';
}

/** Rewrites a server refusal for lack of space into the catalogue's message; other errors pass. */
export function withSpaceReport(err: unknown, fileSize: number): unknown {
  if (!(err instanceof ClipError)) return err;
  // Already rewritten (errors pass through several layers).
  if (err.code === 'INSUFFICIENT_STORAGE' && err.message.startsWith(DEFAULT_MESSAGES.insufficientStorage))
    return err;
  const refusedForSpace =
    err.status === 507 ||
    err.code === 'INSUFFICIENT_STORAGE' ||
    (err.status === 413 && reportsSpace(err.data));
  return refusedForSpace ? insufficientStorage(err.status, err.data, fileSize) : err;
}

/** A failed presign or multipart init: "presign failed: <reason>", unless the reason is a refusal of its own. */
export function presignFailed(err: unknown, fileSize: number): ClipError {
  const spaced = withSpaceReport(err, fileSize);
  if (spaced instanceof ClipError && (spaced.code === 'INSUFFICIENT_STORAGE' || speaksForItself(spaced)))
    return spaced;
  const status = spaced instanceof ClipError ? spaced.status : 0;
  return new ClipError(
    status,
    'PRESIGN_FAILED',
    `${DEFAULT_MESSAGES.presignFailed}: ${(spaced as Error)?.message ?? spaced}`,
    { cause: spaced },
  );
}

/** A part that still failed after its retries. */
export function partFailed(partNumber: number, err: unknown): ClipError {
  if (isCancellation(err)) return err as ClipError;
  const status = err instanceof ClipError ? err.status : 0;
  return new ClipError(
    status,
    'PART_FAILED',
    `${DEFAULT_MESSAGES.partFailed}: part ${partNumber}: ${(err as Error)?.message ?? err}`,
    { part_number: partNumber, cause: err },
  );
}

/**
 * A fetch to storage that threw: cancelled by the caller, timed out, or a network failure.
 * `signal` is the caller's, `timeout` the per-request limit.
 */
export function transferError(
  err: unknown,
  signal: AbortSignal | undefined,
  timeout?: AbortSignal,
): ClipError {
  if (err instanceof ClipError) return err;
  if (signal?.aborted) return uploadCancelled();
  if (timeout?.aborted || (err as Error)?.name === 'TimeoutError')
    return new ClipError(0, 'TIMEOUT', DEFAULT_MESSAGES.timeout);
  return new ClipError(0, 'NETWORK_ERROR', DEFAULT_MESSAGES.network, { cause: String(err) });
}

/** A storage PUT that answered non-2xx. */
export async function storageRefusal(res: Response): Promise<ClipError> {
  const text = await res.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
  const reason = code ? `${code}` : text.slice(0, 200) || res.statusText;
  return new ClipError(res.status, 'UPSTREAM_FAILED', `storage answered HTTP ${res.status}: ${reason}`);
}
