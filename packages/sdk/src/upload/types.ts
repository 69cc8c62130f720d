/** The shapes every upload shares: what is sent (a source), how it went (progress), what the caller may tune. */
import type { FetchLike } from '../client.ts';
import type { FileShareCreated, ShareFields } from '../contract/files.ts';

/** Spec section 4's stages, plus `downloading` for the first half of a URL upload. */
export type UploadStage =
  | 'starting'
  | 'initializing'
  | 'downloading'
  | 'uploading'
  | 'processing'
  | 'completing'
  | 'completed';

/** Spec section 4's upload modes. */
export type UploadMode = 'direct' | 'presigned' | 'multipart';

export interface UploadProgress {
  stage: UploadStage;
  /** null until the mode is known. */
  mode: UploadMode | null;
  /**
   * Bytes sent so far (bytes downloaded while `stage` is `downloading`). Never goes down within a phase
   * (a URL upload counts its download, then its upload).
   */
  loaded: number;
  /** Bytes of this phase (0 when unknown, e.g. a URL download without a size). */
  total: number;
  /** 0 to 100, never going down; 100 only once `completed`. */
  percent: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
}

/** What a platform answers after sending a request itself (XHR in browsers, streamed fetch in Node). */
export interface RawResponse {
  status: number;
  statusText: string;
  text: string;
}

/** One request body for bytes [start, end) of a source. */
export interface SourceBody {
  body: BodyInit;
  /** Node streamed bodies need `duplex: 'half'`. */
  duplex?: 'half';
  /** Extra headers the body needs (a streamed body's content-length). */
  headers?: Record<string, string>;
  /** True when `onBytes` is called while the body is read; otherwise the caller counts the bytes once sent. */
  streamsProgress: boolean;
}

/** The `POST /upload` request a source sends with its own means (so the file never sits whole in memory). */
export interface FormPost {
  url: string;
  headers: Record<string, string>;
  /** Placement fields first: the server streams the file to where they say. */
  fields: [string, string][];
  filename: string;
  contentType: string;
  signal: AbortSignal;
  /** Called as bytes go out. */
  onBytes: (n: number) => void;
  /** Called once every byte is out and the server is working on its answer. */
  onSent: () => void;
  fetch: FetchLike;
}

/** A request whose body is bytes [start, end) of a source, sent with the source's own means. */
export interface RangePost {
  url: string;
  /** POST unless said (an upload request's parts are PUTs). */
  method?: 'POST' | 'PUT';
  headers: Record<string, string>;
  start: number;
  end: number;
  signal: AbortSignal;
  /** Called as bytes go out. */
  onBytes: (n: number) => void;
}

/**
 * Something that can be uploaded: a Blob/File in browsers (`blobSource`), a file on disk in Node
 * (`fileSource` from '@clip/sdk/node'). Keeps platform specifics out of the upload logic.
 */
export interface UploadSource {
  readonly name: string;
  readonly size: number;
  /** The source's own content type, when it has one. */
  readonly type: string | null;
  /** Last modification time (ms since epoch) when the source knows it: part of a resumable upload's fingerprint. */
  readonly lastModified?: number;
  /** A body for bytes [start, end), read lazily. */
  body(start: number, end: number, onBytes: (n: number) => void): SourceBody;
  /** Sends the whole source as the `file` part of a multipart/form-data POST. */
  postForm(request: FormPost): Promise<RawResponse>;
  /**
   * POSTs bytes [start, end) as a raw body with the source's own means (a Node file: node:http from reused
   * buffers) and answers the response read whole. Absent: the caller sends `body()` through a fetch.
   */
  postRange?(request: RangePost): Promise<RawResponse>;
  /**
   * POSTs a generated body with the platform's own means (Node: node:http), for a source made from this
   * one (an encrypted upload). Absent: such a source sends its body through a fetch.
   */
  postStream?(request: StreamPost): Promise<RawResponse>;
  /**
   * A small GET with the platform's own means (Node: node:http), for the lookups before an upload: a
   * direct upload then never loads the fetch stack. Absent: the client's transport makes them.
   */
  get?(url: string, headers: Record<string, string>): Promise<RawResponse>;
  /** Releases what the source holds (a temporary file). */
  dispose?(): Promise<void>;
  /** The fetch that streams this source's bodies best (used unless the caller passes one). */
  readonly fetch?: FetchLike;
}

/** A POST whose body is generated (an encrypted upload), sent with a source's own means. */
export interface StreamPost {
  url: string;
  headers: Record<string, string>;
  /** The whole body, in order; it counts its own bytes. */
  body: AsyncIterable<Uint8Array>;
  /** Its exact length. */
  size: number;
  signal: AbortSignal;
  /** Called once every byte is out. */
  onSent: () => void;
}

/** What the target storage config can do, when the caller already knows. */
export interface StorageCapabilities {
  presign: boolean;
  multipart: boolean;
}

export interface UploadOptions extends ShareFields {
  /** The storage config; the default config when absent. */
  s3_config_id?: string;
  /** A folder below the config's root, e.g. "/docs". */
  path?: string;
  /** The share's filename (default: the source's name). */
  filename?: string;
  /** The content type (default: Markdown by extension, else the source's own, else the server's guess from the name). */
  mimetype?: string;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** Forces a mode; by default it follows the storage's capabilities and the size. */
  mode?: UploadMode;
  /** Sizes above this go multipart (default 100 MiB). */
  multipartThreshold?: number;
  /** Parts in flight at once (default 3). */
  concurrency?: number;
  /** Time limit of one part's PUT (default 300 s). */
  partTimeoutMs?: number;
  /** Retries of a failed part or presigned PUT (default 3). */
  retries?: number;
  /** First retry delay; doubles each time (default 500 ms). */
  retryDelayMs?: number;
  /** The fetch used for PUTs to presigned storage URLs (default: global fetch). */
  fetch?: FetchLike;
  /** The storage's capabilities, when known (skips looking the config up). */
  storage?: StorageCapabilities;
  /** Skip checking the server's maximum upload size first. */
  skipSizeCheck?: boolean;
  /**
   * End-to-end encrypt (docs/e2e-format.md): the SDK makes a key (or uses `key`), uploads only
   * ciphertext, and answers the link with the key in its fragment (`#k=`).
   */
  encrypt?: boolean;
  /** The key of an encrypted upload (32 bytes); a new random one by default. */
  key?: Uint8Array;
}

/** What an upload answers: the share, and for an encrypted one its key (also in `url`'s fragment). */
export interface UploadedShare extends FileShareCreated {
  /** base64url; only for `encrypt: true`. */
  key?: string;
}
