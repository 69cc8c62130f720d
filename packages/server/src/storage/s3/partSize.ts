/** The part size of the S3 driver's streamed writes; no SDK import, so WebDAV can read it without loading the SDK. */

const MiB = 1024 * 1024;
/**
 * S3 allows 10,000 parts; R2 wants equal parts except the last, so one size per upload. 5 MiB (S3's least,
 * and the AWS SDK's own streamed-upload default) keeps a 1 GiB PUT's parts in memory at ~20 MiB.
 */
export const DEFAULT_PART_BYTES = 5 * MiB;
const MAX_PARTS = 10_000;

/** The part size of a write of `size` bytes (unknown: the base), grown so that 10,000 parts hold it. */
export function partSizeFor(size: number | undefined, base = DEFAULT_PART_BYTES): number {
  if (size === undefined) return base;
  return Math.max(base, Math.ceil(size / MAX_PARTS / MiB) * MiB);
}
