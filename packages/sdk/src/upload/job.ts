/** Everything one upload run needs, resolved once from the caller's options. */
import type { FetchLike } from '../client.ts';
import { MULTIPART_CONCURRENCY, MULTIPART_PART_TIMEOUT_MS } from '../constants.ts';
import type { ShareFields } from '../contract/files.ts';
import type { ClipClient } from '../sdk.ts';
import { isMarkdownFilename, uploadContentType } from '../validation.ts';
import type { UploadEndpoints } from './endpoints.ts';
import type { ProgressReporter } from './progress.ts';
import type { UploadOptions, UploadSource } from './types.ts';

export const DEFAULT_MULTIPART_THRESHOLD = 100 * 1024 * 1024;
export const DEFAULT_RETRIES = 3;
export const DEFAULT_RETRY_DELAY_MS = 500;

export interface UploadJob {
  client: ClipClient;
  source: UploadSource;
  endpoints: UploadEndpoints;
  reporter: ProgressReporter;
  /** The caller's signal (a never-aborting one when none was given). */
  signal: AbortSignal;
  filename: string;
  /** Absent when nothing says what the file is: the server then goes by its name. */
  mimetype: string | undefined;
  placement: { s3_config_id?: string; path?: string };
  share: ShareFields;
  concurrency: number;
  partTimeoutMs: number;
  retries: number;
  retryDelayMs: number;
  /** For PUTs to presigned URLs and the Node direct upload. */
  fetch: FetchLike;
}

/** Drops absent and empty values so the server sees only what was asked for. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as T;
}

/**
 * Section 5: Markdown by extension, else the file's own type. A file with no type of its own (a path on
 * disk) declares none, rather than octet-stream, so the server can recognise it by its name.
 */
export function declaredType(filename: string, ownType: string | null): string | undefined {
  if (isMarkdownFilename(filename)) return uploadContentType(filename, ownType);
  return ownType || undefined;
}

export function createJob(
  client: ClipClient,
  source: UploadSource,
  options: UploadOptions,
  endpoints: UploadEndpoints,
  reporter: ProgressReporter,
): UploadJob {
  const filename = options.filename ?? source.name;
  return {
    client,
    source,
    endpoints,
    reporter,
    signal: options.signal ?? new AbortController().signal,
    filename,
    mimetype: options.mimetype ?? declaredType(filename, source.type),
    placement: defined({ s3_config_id: options.s3_config_id, path: options.path }),
    share: defined({
      slug: options.slug,
      remark: options.remark,
      password: options.password,
      expires_in: options.expires_in,
      max_views: options.max_views,
      // Only ever true: an absent flag is a plain share.
      encrypted: options.encrypted || undefined,
    }),
    concurrency: options.concurrency ?? MULTIPART_CONCURRENCY,
    partTimeoutMs: options.partTimeoutMs ?? MULTIPART_PART_TIMEOUT_MS,
    retries: options.retries ?? DEFAULT_RETRIES,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
    fetch: options.fetch ?? source.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  };
}
