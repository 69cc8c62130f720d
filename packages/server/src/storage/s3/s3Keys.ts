/** Mapping between driver paths and object keys below a default folder, and the bulk walks over a prefix. */
import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { StoragePathError } from '../driver.ts';
import { cleanPath } from '../paths.ts';

export class KeySpace {
  /** '' or 'folder/' — every key the driver touches starts with it. */
  readonly prefix: string;

  constructor(defaultFolder: string) {
    const folder = cleanPath(defaultFolder.replace(/^\/+/, ''));
    this.prefix = folder === '' ? '' : `${folder}/`;
  }

  /** The object key of a file path. */
  key(path: string): string {
    const clean = cleanPath(path);
    if (clean === '') throw new StoragePathError('the storage root is not an object');
    return this.prefix + clean;
  }

  /** The key prefix of a directory path: everything below it starts with this. */
  dirPrefix(path: string): string {
    const clean = cleanPath(path);
    return clean === '' ? this.prefix : `${this.prefix}${clean}/`;
  }

  /** The driver path of a key or common prefix (trailing slash dropped). */
  pathOf(key: string): string {
    return key.slice(this.prefix.length).replace(/\/$/, '');
  }
}

/** Every key below a prefix (no delimiter), page by page. */
export async function* keysBelow(
  client: S3Client,
  bucket: string,
  prefix: string,
): AsyncGenerator<{ key: string; size: number }[]> {
  let token: string | undefined;
  do {
    const res = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: 1000 }),
    );
    const page = (res.Contents ?? []).map((o) => ({ key: o.Key as string, size: o.Size ?? 0 }));
    if (page.length) yield page;
    token = res.IsTruncated ? res.NextContinuationToken : undefined;
  } while (token);
}

/** Deletes up to 1000 keys in one DeleteObjects call; throws naming the first key the store refused. */
export async function deleteKeys(client: S3Client, bucket: string, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000);
    const res = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = res.Errors?.[0];
    if (failed)
      throw new Error(`could not delete "${failed.Key}": ${failed.Code} ${failed.Message ?? ''}`.trim());
  }
}

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A key encoded for a URL path: each segment percent-encoded, slashes kept. */
export const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
