/**
 * One StorageDriver interface for every backend: a small required core plus optional capabilities,
 * each with a type guard, so services can fall back where a capability is missing
 * (copy = read + write, presign = stream through the server).
 *
 * Paths are driver-relative keys with '/' separators and no leading slash ("docs/a.txt");
 * the driver jails them below its root (local directory or S3 default folder).
 */
import type { Readable } from 'node:stream';

export interface StorageEntry {
  /** Driver-relative path of the entry, without a trailing slash. */
  path: string;
  name: string;
  isDirectory: boolean;
  size: number;
  modified: Date | null;
  etag: string | null;
  contentType: string | null;
}

export interface ListResultPage {
  entries: StorageEntry[];
  /** Opaque token for the next page, or null when done. */
  cursor: string | null;
}

export interface ByteRange {
  /** Inclusive first byte. */
  start: number;
  /** Inclusive last byte. */
  end: number;
}

export interface ReadResult {
  /**
   * Must be consumed or destroyed: an S3 stream holds its connection until then. Each chunk is a buffer
   * of its own that nothing else holds, so its last reader may free it (serving/sendStream.ts).
   */
  stream: Readable;
  /** Bytes in this response (the range length when ranged). */
  length: number;
  /** The object's full size. */
  size: number;
  etag: string | null;
  modified: Date | null;
  contentType: string | null;
}

export interface WriteOptions {
  contentType?: string;
  /** Known size, when the caller has it (lets S3 do a single PUT). */
  size?: number;
  signal?: AbortSignal;
  /**
   * The body's chunks are the driver's alone (an upload's file part, a PUT's body): a local write frees
   * each one's memory once it is on disk (storage/local/fileWriter.ts), an S3 write once copied into its
   * part (s3/s3Write.ts). Never for a stream someone else still reads.
   */
  releaseChunks?: boolean;
}

export interface WriteResult {
  size: number;
  etag: string | null;
}

/** The required core every driver implements. */
export interface StorageDriver {
  readonly type: 'local' | 's3';
  /** null when the object or directory does not exist. */
  stat(path: string): Promise<StorageEntry | null>;
  /** Direct children of a directory prefix ('' = root). */
  list(path: string, options?: { cursor?: string | null; limit?: number }): Promise<ListResultPage>;
  read(path: string, range?: ByteRange): Promise<ReadResult>;
  /** Streams `body` into `path`, replacing it. On failure nothing is left at `path`. */
  write(path: string, body: Readable, options?: WriteOptions): Promise<WriteResult>;
  /** Removes a file, or a directory and everything below it. Missing paths are not an error; the root is refused. */
  remove(path: string): Promise<void>;
  /** Releases connections; the driver is unusable afterwards. */
  close(): Promise<void>;
}

export interface PresignCapability {
  /** `contentLength`, when given, is signed: a PUT of any other length is refused by the store. */
  presignPut(
    path: string,
    options: { contentType?: string; contentLength?: number; expiresInSeconds: number },
  ): Promise<string>;
  presignGet(path: string, options: PresignGetOptions): Promise<string>;
}

export interface PresignGetOptions {
  expiresInSeconds: number;
  filename?: string;
  disposition?: 'inline' | 'attachment';
  contentType?: string;
}

export interface MultipartPart {
  partNumber: number;
  etag: string;
}

export interface MultipartCapability {
  multipartInit(path: string, options: { contentType?: string }): Promise<{ uploadId: string }>;
  /** A presigned URL for one part, for uploads straight from a client. */
  multipartPresignPart(
    path: string,
    uploadId: string,
    partNumber: number,
    expiresInSeconds: number,
  ): Promise<string>;
  /** Uploads one part through the server. */
  multipartUploadPart(
    path: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size: number,
    /** Abandons the request to the store (a body that failed midway would otherwise wait for a timeout). */
    signal?: AbortSignal,
  ): Promise<MultipartPart>;
  multipartComplete(path: string, uploadId: string, parts: MultipartPart[]): Promise<WriteResult>;
  /**
   * Best effort: some stores refuse AbortMultipartUpload (s3rver answers MethodNotAllowed). Never throws;
   * answers false (and logs) when the store did not confirm the abort. An unfinished upload is never visible.
   */
  multipartAbort(path: string, uploadId: string): Promise<boolean>;
}

/**
 * One request that streams a body of known length into an object, holding none of it in memory (the
 * core `write` cuts an unknown-length body into buffered parts). What a cross-storage copy uses up to
 * the multipart threshold: it also spares the store the assembly of a multipart upload.
 */
export interface StreamPutCapability {
  streamPut(
    path: string,
    body: Readable,
    options: { size: number; contentType?: string; signal?: AbortSignal },
  ): Promise<WriteResult>;
}

/** Copies a file, or a directory with everything below it, replacing what is at `to`. */
export interface CopyCapability {
  copy(from: string, to: string): Promise<void>;
}

/** Moves a file, or a directory with everything below it. */
export interface RenameCapability {
  rename(from: string, to: string): Promise<void>;
}

/** Storages on the server's own disk: a finished temp file (a spooled upload) is moved into place, not copied. */
export interface AdoptCapability {
  /** Moves `file` (an absolute path on the server) to `path`, replacing it; on failure `file` stays where it was. */
  adopt(path: string, file: string): Promise<WriteResult>;
}

/**
 * Parts of a resumable upload kept inside the storage itself (storages without multipart of their own),
 * out of listings and out of reach of ordinary paths, so any server process with the storage can finish it.
 */
export interface StagedPartsCapability {
  /**
   * Writes part `partNumber` of upload `uploadId` (a UUID) at `offset` of the upload's bytes, over an earlier
   * copy of the same part; answers the bytes written. A part cut short leaves its range partly written:
   * callers count a part only once this resolves. The body's chunks are the storage's alone: nothing may
   * read them once written (a local storage frees each then, ADR 0026's `releaseChunks`).
   */
  putPart(
    uploadId: string,
    partNumber: number,
    offset: number,
    body: Readable,
    signal?: AbortSignal,
  ): Promise<number>;
  /** Moves the upload's bytes (the listed parts, in order) into `path`, replacing it as `write` does, then drops the rest. */
  joinParts(
    uploadId: string,
    parts: { partNumber: number; size: number }[],
    path: string,
    options?: WriteOptions,
  ): Promise<WriteResult>;
  /** Drops what upload `uploadId` stored (missing is fine). */
  dropParts(uploadId: string): Promise<void>;
}

export interface MkdirCapability {
  mkdir(path: string): Promise<void>;
}

/** The object's permanent, unsigned URL (custom host when configured): what a file share stores as s3_url. */
export interface ObjectUrlCapability {
  objectUrl(path: string): string;
}

/** Temp files of unfinished writes can be swept (the local driver; S3 writes leave no object behind). */
export interface TempSweepCapability {
  sweepTempFiles(path: string, before: number): Promise<number>;
}

export const canSweepTemp = (d: StorageDriver): d is StorageDriver & TempSweepCapability =>
  typeof (d as Partial<TempSweepCapability>).sweepTempFiles === 'function';
export const canPresign = (d: StorageDriver): d is StorageDriver & PresignCapability =>
  typeof (d as Partial<PresignCapability>).presignPut === 'function';
export const canMultipart = (d: StorageDriver): d is StorageDriver & MultipartCapability =>
  typeof (d as Partial<MultipartCapability>).multipartInit === 'function';
export const canStreamPut = (d: StorageDriver): d is StorageDriver & StreamPutCapability =>
  typeof (d as Partial<StreamPutCapability>).streamPut === 'function';
export const canCopy = (d: StorageDriver): d is StorageDriver & CopyCapability =>
  typeof (d as Partial<CopyCapability>).copy === 'function';
export const canRename = (d: StorageDriver): d is StorageDriver & RenameCapability =>
  typeof (d as Partial<RenameCapability>).rename === 'function';
export const canMkdir = (d: StorageDriver): d is StorageDriver & MkdirCapability =>
  typeof (d as Partial<MkdirCapability>).mkdir === 'function';
export const canAdopt = (d: StorageDriver): d is StorageDriver & AdoptCapability =>
  typeof (d as Partial<AdoptCapability>).adopt === 'function';
export const canStageParts = (d: StorageDriver): d is StorageDriver & StagedPartsCapability =>
  typeof (d as Partial<StagedPartsCapability>).putPart === 'function';
export const hasObjectUrl = (d: StorageDriver): d is StorageDriver & ObjectUrlCapability =>
  typeof (d as Partial<ObjectUrlCapability>).objectUrl === 'function';

/** Raised by drivers for a path that would leave the root, holds NUL, or is otherwise unusable. */
export class StoragePathError extends Error {}
/** Raised by `read`/`stat`-dependent calls for a missing object. */
export class StorageNotFoundError extends Error {}
/** Raised by `write` when the body's length differs from the declared `size` (a truncated upload). */
export class StorageSizeError extends Error {}
/** Raised by `read` when the range starts at or past the end of the object (HTTP 416). */
export class StorageRangeError extends Error {}
/** Raised when the storage itself cannot be used (a local root that cannot be made); its cause is for the log. */
export class StorageUnavailableError extends Error {}
