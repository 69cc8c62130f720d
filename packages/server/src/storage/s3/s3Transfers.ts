/**
 * The direct-transfer capabilities of the S3 driver: presigned PUT/GET and multipart uploads, either part by
 * part through the server or straight from a client with presigned part URLs.
 */
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from '../contentDisposition.ts';
import type {
  MultipartCapability,
  MultipartPart,
  PresignCapability,
  PresignGetOptions,
  StreamPutCapability,
  WriteResult,
} from '../driver.ts';
import type { UploadLedger } from '../uploadLedger.ts';
import { describeS3Error } from './s3Errors.ts';
import type { KeySpace } from './s3Keys.ts';
import { unquote } from './s3Write.ts';

/** SigV4 presigned URLs cannot live longer than 7 days. */
const MAX_PRESIGN_SECONDS = 604_800;
const expiry = (seconds: number) => Math.max(1, Math.min(Math.floor(seconds), MAX_PRESIGN_SECONDS));

const quoted = (etag: string) => (etag.startsWith('"') ? etag : `"${etag}"`);

export class S3Transfers implements PresignCapability, MultipartCapability, StreamPutCapability {
  protected readonly client: S3Client;
  protected readonly bucket: string;
  protected readonly keys: KeySpace;
  readonly #logger?: { warn(obj: object, msg: string): void };
  /** Records every multipart upload this driver opens until it is completed or aborted. */
  protected readonly ledger?: UploadLedger;

  constructor(
    client: S3Client,
    bucket: string,
    keys: KeySpace,
    logger?: { warn(obj: object, msg: string): void },
    ledger?: UploadLedger,
  ) {
    this.client = client;
    this.bucket = bucket;
    this.keys = keys;
    this.#logger = logger;
    this.ledger = ledger;
  }

  /** Records an opened upload before any part goes; an upload that cannot be recorded is aborted. */
  protected async recordOpened(path: string, uploadId: string): Promise<void> {
    if (!this.ledger) return;
    try {
      await this.ledger.opened(uploadId, path);
    } catch (err) {
      await this.multipartAbort(path, uploadId);
      throw err;
    }
  }

  presignPut(
    path: string,
    options: { contentType?: string; contentLength?: number; expiresInSeconds: number },
  ): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.keys.key(path),
      ContentType: options.contentType,
      ContentLength: options.contentLength,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: expiry(options.expiresInSeconds),
      // The length is part of the signature, so a body of another size is refused by the store itself.
      signableHeaders: options.contentLength === undefined ? undefined : new Set(['content-length']),
    });
  }

  presignGet(path: string, options: PresignGetOptions): Promise<string> {
    const wantsDisposition = options.filename !== undefined || options.disposition !== undefined;
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.keys.key(path),
      ResponseContentDisposition: wantsDisposition
        ? contentDisposition(options.disposition ?? 'attachment', options.filename)
        : undefined,
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: expiry(options.expiresInSeconds) });
  }

  async streamPut(
    path: string,
    body: Readable,
    options: { size: number; contentType?: string; signal?: AbortSignal },
  ): Promise<WriteResult> {
    // The client computes no checksum (s3Client.ts), so the body goes out as is, without aws-chunked framing.
    const res = await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keys.key(path),
        Body: body,
        ContentLength: options.size,
        ContentType: options.contentType,
      }),
      { abortSignal: options.signal },
    );
    return { size: options.size, etag: unquote(res.ETag) };
  }

  async multipartInit(path: string, options: { contentType?: string }): Promise<{ uploadId: string }> {
    const res = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: this.keys.key(path),
        ContentType: options.contentType,
      }),
    );
    if (!res.UploadId) throw new Error('the store answered no UploadId');
    await this.recordOpened(path, res.UploadId);
    return { uploadId: res.UploadId };
  }

  multipartPresignPart(
    path: string,
    uploadId: string,
    partNumber: number,
    expiresInSeconds: number,
  ): Promise<string> {
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: this.keys.key(path),
      UploadId: uploadId,
      PartNumber: partNumber,
    });
    return getSignedUrl(this.client, command, { expiresIn: expiry(expiresInSeconds) });
  }

  async multipartUploadPart(
    path: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size: number,
    signal?: AbortSignal,
  ): Promise<MultipartPart> {
    const res = await this.client.send(
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: this.keys.key(path),
        UploadId: uploadId,
        PartNumber: partNumber,
        Body: body,
        ContentLength: size,
      }),
      { abortSignal: signal },
    );
    if (!res.ETag) throw new Error(`the store answered no ETag for part ${partNumber}`);
    return { partNumber, etag: res.ETag };
  }

  async multipartComplete(path: string, uploadId: string, parts: MultipartPart[]): Promise<WriteResult> {
    const key = this.keys.key(path);
    const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: sorted.map((p) => ({ PartNumber: p.partNumber, ETag: quoted(p.etag) })) },
      }),
    );
    await this.ledger?.closed(uploadId);
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    return { size: head.ContentLength ?? 0, etag: unquote(head.ETag) };
  }

  async multipartAbort(path: string, uploadId: string): Promise<boolean> {
    try {
      const key = this.keys.key(path);
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
      await this.ledger?.closed(uploadId);
      return true;
    } catch (err) {
      // Some stores refuse the call (s3rver: MethodNotAllowed); the parts then wait for the bucket's
      // lifecycle rule. The upload was never completed, so no object is visible either way.
      this.#logger?.warn(
        { bucket: this.bucket, uploadId, error: describeS3Error(err) },
        'multipart abort failed',
      );
      return false;
    }
  }
}
