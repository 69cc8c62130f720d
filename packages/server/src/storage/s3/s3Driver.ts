/**
 * Any S3-compatible bucket as storage, through standard calls only (ListObjectsV2 with delimiter, Head, Get
 * with Range, Put, Copy, Delete(Objects), multipart), so AWS, R2, B2, MinIO, Ceph and OSS all work.
 * Every key lives below the configured default folder; directories are key prefixes (mkdir writes a
 * zero-byte `dir/` marker).
 */
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { compareBytewise } from '../byteOrder.ts';
import {
  type ByteRange,
  type CopyCapability,
  type ListResultPage,
  type MkdirCapability,
  type ObjectUrlCapability,
  type ReadResult,
  type RenameCapability,
  type StorageDriver,
  type StorageEntry,
  StorageNotFoundError,
  StoragePathError,
  StorageRangeError,
  type WriteOptions,
  type WriteResult,
} from '../driver.ts';
import { baseName, cleanPath, isSameOrBelow } from '../paths.ts';
import type { UploadLedger } from '../uploadLedger.ts';
import { createS3Client, type S3ClientOptions } from './s3Client.ts';
import { isNotFound, s3ErrorName } from './s3Errors.ts';
import { deleteKeys, eachLimited, encodeKey, KeySpace, keysBelow } from './s3Keys.ts';
import { S3Transfers } from './s3Transfers.ts';
import { streamedWrite, unquote } from './s3Write.ts';
import { releaseSocketReads } from './socketReads.ts';

export interface S3DriverOptions extends S3ClientOptions {
  bucket: string;
  /** Key prefix every path is jailed below ('' = the bucket root). */
  defaultFolder?: string;
  /** Public host objects are served from (a CDN or custom domain), for unsigned object URLs. */
  customHost?: string | null;
  logger?: { warn(obj: object, msg: string): void };
  /** Multipart part size for streamed writes (default 5 MiB; grows for huge known sizes). */
  partBytes?: number;
  /** Where multipart uploads are recorded while open (the sweep of orphaned uploads reads it). */
  ledger?: UploadLedger;
}

const COPY_CONCURRENCY = 8;

export class S3Driver
  extends S3Transfers
  implements StorageDriver, CopyCapability, RenameCapability, MkdirCapability, ObjectUrlCapability
{
  readonly type = 's3' as const;
  readonly #options: S3DriverOptions;

  constructor(options: S3DriverOptions) {
    const client: S3Client = createS3Client(options);
    super(client, options.bucket, new KeySpace(options.defaultFolder ?? ''), options.logger, options.ledger);
    this.#options = options;
  }

  async stat(path: string): Promise<StorageEntry | null> {
    const clean = cleanPath(path);
    if (clean === '') return dirEntry('');
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.keys.key(clean) }),
      );
      return {
        path: clean,
        name: baseName(clean),
        isDirectory: false,
        size: head.ContentLength ?? 0,
        modified: head.LastModified ?? null,
        etag: unquote(head.ETag),
        contentType: head.ContentType ?? null,
      };
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    const below = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.keys.dirPrefix(clean), MaxKeys: 1 }),
    );
    return (below.KeyCount ?? below.Contents?.length ?? 0) > 0 ? dirEntry(clean) : null;
  }

  async list(
    path: string,
    options: { cursor?: string | null; limit?: number } = {},
  ): Promise<ListResultPage> {
    const prefix = this.keys.dirPrefix(path);
    const res = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: prefix,
        Delimiter: '/',
        MaxKeys: Math.max(1, Math.min(options.limit ?? 1000, 1000)),
        ContinuationToken: options.cursor ?? undefined,
      }),
    );
    const dirs = (res.CommonPrefixes ?? []).map((p) => dirEntry(this.keys.pathOf(p.Prefix as string)));
    const files = (res.Contents ?? [])
      .filter((o) => o.Key !== prefix) // the directory's own marker
      .map((o): StorageEntry => {
        const p = this.keys.pathOf(o.Key as string);
        return {
          path: p,
          name: baseName(p),
          isDirectory: false,
          size: o.Size ?? 0,
          modified: o.LastModified ?? null,
          etag: unquote(o.ETag),
          contentType: null,
        };
      });
    const entries = [...dirs, ...files].sort((a, b) => compareBytewise(a.name, b.name));
    return { entries, cursor: res.IsTruncated ? (res.NextContinuationToken ?? null) : null };
  }

  async read(path: string, range?: ByteRange): Promise<ReadResult> {
    const key = this.keys.key(path);
    if (range && (range.start < 0 || range.end < range.start))
      throw new StorageRangeError(`range ${range.start}-${range.end} is not valid`);
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      releaseSocketReads(res.Body);
      const length = res.ContentLength ?? 0;
      const total = /\/(\d+)$/.exec(res.ContentRange ?? '')?.[1];
      return {
        stream: res.Body as Readable,
        length,
        size: total !== undefined ? Number(total) : length,
        etag: unquote(res.ETag),
        modified: res.LastModified ?? null,
        contentType: res.ContentType ?? null,
      };
    } catch (err) {
      if (isNotFound(err)) throw new StorageNotFoundError(`"${cleanPath(path)}" not found`);
      if (s3ErrorName(err) === 'InvalidRange')
        throw new StorageRangeError(`range ${range?.start}-${range?.end} is outside "${path}"`);
      throw err;
    }
  }

  async write(path: string, body: Readable, options: WriteOptions = {}): Promise<WriteResult> {
    const key = this.keys.key(path);
    const target = {
      client: this.client,
      bucket: this.bucket,
      key,
      abort: (id: string) => this.multipartAbort(path, id),
      opened: (id: string) => this.recordOpened(path, id),
      closed: async (id: string) => this.ledger?.closed(id),
    };
    return streamedWrite(target, body, options, this.#options.partBytes);
  }

  async remove(path: string): Promise<void> {
    const clean = cleanPath(path);
    if (clean === '') throw new StoragePathError('refusing to remove the storage root');
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keys.key(clean) }));
    for await (const page of keysBelow(this.client, this.bucket, this.keys.dirPrefix(clean)))
      await deleteKeys(
        this.client,
        this.bucket,
        page.map((o) => o.key),
      );
  }

  async copy(from: string, to: string): Promise<void> {
    await eachLimited(await this.#pairs(from, to), COPY_CONCURRENCY, (p) => this.#copyKey(p.from, p.to));
  }

  async rename(from: string, to: string): Promise<void> {
    if (cleanPath(from) === cleanPath(to)) {
      if (!(await this.stat(from))) throw new StorageNotFoundError(`"${cleanPath(from)}" not found`);
      return;
    }
    const pairs = await this.#pairs(from, to);
    await eachLimited(pairs, COPY_CONCURRENCY, (p) => this.#copyKey(p.from, p.to));
    // Only once every copy landed: a failure above leaves the source whole.
    await deleteKeys(
      this.client,
      this.bucket,
      pairs.map((p) => p.from),
    );
  }

  async mkdir(path: string): Promise<void> {
    const prefix = this.keys.dirPrefix(path);
    if (prefix === this.keys.prefix) return;
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: prefix, Body: Buffer.alloc(0), ContentLength: 0 }),
    );
  }

  objectUrl(path: string): string {
    const key = encodeKey(this.keys.key(path));
    const { customHost, endpoint, forcePathStyle, region } = this.#options;
    if (customHost) return `${customHost.replace(/\/+$/, '')}/${key}`;
    if (!endpoint) return `https://${this.bucket}.s3.${region}.amazonaws.com/${key}`;
    const url = new URL(endpoint);
    const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    if (forcePathStyle) return `${base}/${this.bucket}/${key}`;
    return `${url.protocol}//${this.bucket}.${url.host}${url.pathname.replace(/\/+$/, '')}/${key}`;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /** The (source key, target key) pairs of a file or of everything below a directory. */
  async #pairs(from: string, to: string): Promise<{ from: string; to: string }[]> {
    const src = cleanPath(from);
    const dst = cleanPath(to);
    if (src === '' || dst === '')
      throw new StoragePathError('the storage root cannot be copied, moved or replaced');
    if (src !== dst && isSameOrBelow(src, dst))
      throw new StoragePathError(`cannot put "${src}" inside itself`);
    const entry = await this.stat(src);
    if (!entry) throw new StorageNotFoundError(`"${src}" not found`);
    if (!entry.isDirectory) return src === dst ? [] : [{ from: this.keys.key(src), to: this.keys.key(dst) }];
    const fromPrefix = this.keys.dirPrefix(src);
    const toPrefix = this.keys.dirPrefix(dst);
    const pairs: { from: string; to: string }[] = [];
    for await (const page of keysBelow(this.client, this.bucket, fromPrefix))
      for (const o of page) pairs.push({ from: o.key, to: toPrefix + o.key.slice(fromPrefix.length) });
    return pairs;
  }

  async #copyKey(fromKey: string, toKey: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: toKey,
        CopySource: `${this.bucket}/${encodeKey(fromKey)}`,
      }),
    );
  }
}

function dirEntry(path: string): StorageEntry {
  return {
    path,
    name: baseName(path),
    isDirectory: true,
    size: 0,
    modified: null,
    etag: null,
    contentType: null,
  };
}
