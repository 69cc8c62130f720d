/**
 * The one file-system service every caller uses: `/api/admin/fs`, `/api/user/fs`, WebDAV, tasks and
 * the explorers' SDK calls. It takes an Actor and a virtual path, normalises the path, resolves the
 * mount, checks permission (services/permissions.ts), calls the storage driver, keeps the listing cache
 * right, and answers plain data. Nothing here knows HTTP: errors are AppErrors (status + message) that
 * each adapter maps (the envelope for /api, status codes for WebDAV).
 */
import type { Readable } from 'node:stream';
import type { FsBatchRemoveResult, FsFileLinkResult, FsGetResult, FsItem, FsListResult } from '@clip/sdk';
import type { FsSignedPutQuery, FsSignedQuery } from '@clip/sdk/contract';
import type { Actor } from '../services/actor.ts';
import type { MountRecord } from '../services/mountService.ts';
import type { FsAccess } from '../services/permissions.ts';
import type { ByteRange, StorageDriver } from '../storage/driver.ts';
import type { DeadProperties } from './deadPropertyStore.ts';
import type { LockStore } from './lockStore.ts';

export type { FsBatchRemoveResult, FsFileLinkResult, FsGetResult, FsItem, FsListResult };

/** A virtual path resolved for an actor. */
export interface ResolvedPath {
  /** Normalised virtual path (`/m/dir/a.txt`). */
  path: string;
  /** What the actor may do here. */
  access: FsAccess;
  /** The mount the path lies in (longest prefix), or null above the mounts (a virtual folder). */
  mount: MountRecord | null;
  /** Path inside the mount ('' = its root). '' when `mount` is null. */
  subPath: string;
  /** Driver path (root_prefix + subPath). '' when `mount` is null. */
  storagePath: string;
}

/** A path inside a mount, resolved for reading or writing: carries the driver. */
export interface ResolvedMountPath extends ResolvedPath {
  mount: MountRecord;
  driver: StorageDriver;
}

export type FsNeed = 'navigate' | 'read' | 'write';

export interface FsListOptions {
  /** From a previous answer's `next_cursor`. */
  cursor?: string | null;
  /** Page size, 1..1000 (default 1000). */
  limit?: number;
  /** Bypass (and refill) the listing cache. */
  refresh?: boolean;
}

export interface FsReadResult {
  item: FsItem;
  stream: Readable;
  /** Bytes in this response (range length when ranged). */
  length: number;
  /** Full object size. */
  size: number;
  etag: string | null;
  modified: Date | null;
  contentType: string;
}

export interface FsWriteOptions {
  contentType?: string;
  /** Known size (the driver can do a single PUT and refuse a short body). */
  size?: number;
  /** Create missing parent folders instead of 409. */
  createParents?: boolean;
  /** Refuse (409) when something already exists at the path. Default: replace. */
  noOverwrite?: boolean;
  /** Upper bound on the body, bytes (the settings' max upload size); 413 past it. */
  maxBytes?: number;
  signal?: AbortSignal;
  /** The body's chunks are the write's alone (a request body): the storage frees each once used (WriteOptions). */
  releaseChunks?: boolean;
}

export interface FsWriteResult {
  item: FsItem;
  /** True when nothing was at the path before. */
  created: boolean;
}

export interface FsCopyOptions {
  /** Replace an existing target (default false: 409). */
  overwrite?: boolean;
  /** A folder alone, without what is in it (WebDAV COPY with Depth 0). */
  shallow?: boolean;
}

export type FsLinkMode = 'download' | 'preview';
/**
 * What a signed link lets its holder do: read (download, preview), render an HTML file for a frame,
 * PUT one body of a signed size, or see the thumbnails of a folder's images (`thumbnails/thumbnailLinks.ts`).
 */
export type FsSignedMode = FsLinkMode | 'render' | 'put' | 'thumbnails';

/** A file found and checked for reading, not yet opened: serve its headers first, then read (ranged). */
export interface FsFileHandle {
  item: FsItem;
  resolved: ResolvedMountPath;
  read(range?: ByteRange): Promise<FsReadResult>;
}

export interface FsService {
  /** Normalises, checks `need` against the actor's scope and resolves the mount. 400/401/403/404. */
  resolve(actor: Actor, rawPath: string, need: 'navigate'): Promise<ResolvedPath>;
  resolve(actor: Actor, rawPath: string, need: 'read' | 'write'): Promise<ResolvedMountPath>;
  /** One page of a folder (whole folder through `next_cursor`). 404 when the folder does not exist. */
  list(actor: Actor, rawPath: string, options?: FsListOptions): Promise<FsListResult>;
  /** Every item of a folder, all pages (WebDAV PROPFIND Depth 1, tasks). */
  listAll(actor: Actor, rawPath: string, options?: { refresh?: boolean }): Promise<FsListResult>;
  /** Metadata of one path, or null when neither an object nor a folder exists there. */
  stat(actor: Actor, rawPath: string): Promise<FsItem | null>;
  /** Metadata plus short-lived signed download/preview links; 404 when missing. */
  get(actor: Actor, rawPath: string): Promise<FsGetResult>;
  /** Opens a file's bytes (optionally a range). 404 for folders and missing paths; 416 past the end. */
  read(actor: Actor, rawPath: string, range?: ByteRange): Promise<FsReadResult>;
  /** Checks read permission and that a file (not a folder) is there: 404 otherwise. */
  open(actor: Actor, rawPath: string): Promise<FsFileHandle>;
  /**
   * `open` through a signed link (no header): 403 unless the signature covers every part of the link
   * (`render=html` included) and its issuer may still read the path now.
   */
  openSigned(link: FsSignedQuery, mode: FsLinkMode): Promise<FsFileHandle>;
  /** Folder: 409 when the parent is missing (unless createParents) or when the path exists. */
  mkdir(actor: Actor, rawPath: string, options?: { createParents?: boolean }): Promise<FsItem>;
  /** Streams `body` to the file at `rawPath` (never whole in memory). Parent must exist unless createParents. */
  write(actor: Actor, rawPath: string, body: Readable, options?: FsWriteOptions): Promise<FsWriteResult>;
  /** Text save (<= 10 MiB): keeps the object's content type, creates the file when missing. */
  update(actor: Actor, rawPath: string, content: string): Promise<FsItem>;
  /** A file, or a folder with everything below it. 404 when missing; 400 for a mount root or a virtual folder. */
  remove(actor: Actor, rawPath: string): Promise<void>;
  /** Per-path results; one failure does not stop the others. */
  batchRemove(actor: Actor, rawPaths: string[]): Promise<FsBatchRemoveResult>;
  /** Inside one mount (400 across mounts), 409 when the target exists, 400 for a mount root. */
  rename(actor: Actor, oldRawPath: string, newRawPath: string): Promise<FsItem>;
  /** A file or folder to another path, across mounts and storage configs too. 409 when the target exists. */
  copy(actor: Actor, fromRawPath: string, toRawPath: string, options?: FsCopyOptions): Promise<FsItem>;
  /** A presigned GET (S3) or a signed link to our download route (local). */
  fileLink(
    actor: Actor,
    rawPath: string,
    options?: { expiresIn?: number; forceDownload?: boolean },
  ): Promise<FsFileLinkResult>;
  /** A presigned GET for `web_proxy=false` mounts, or null when the mount streams (or the driver cannot). */
  redirectUrl(resolved: ResolvedMountPath, mode: FsLinkMode): Promise<string | null>;
  /**
   * A signed PUT of exactly `size` bytes to a file, usable once (the client-side copy's upload URL for
   * storages that take no presigned uploads): issued to `actor` after `resolved` was checked for writing.
   */
  uploadLink(actor: Actor, resolved: ResolvedMountPath, size: number, ttlSeconds: number): string;
  /**
   * Writes a signed PUT's body as the link's issuer: 403 when the link is not valid or its issuer may no
   * longer write the path, 410 when the link was used already. The caller has checked the body's length.
   */
  writeSigned(
    link: FsSignedPutQuery,
    body: Readable,
    options: { contentType?: string },
  ): Promise<FsWriteResult>;
  /** After a write made outside this service (multipart complete, presign commit): drops stale listings everywhere. */
  afterWrite(target: ResolvedMountPath): Promise<void>;
  /** The item shape of one storage entry at a virtual path. */
  toItem(path: string, entry: import('../storage/driver.ts').StorageEntry, isMount?: boolean): FsItem;
  /** Dead properties by path (WebDAV PROPFIND/PROPPATCH read and set them; writes here carry them). */
  props: DeadProperties;
  /** WebDAV locks by path: every write above refuses (423) a locked path without its token. */
  locks: LockStore;
  /** This service for a caller holding these lock tokens (a WebDAV request's If header). */
  withLockTokens(tokens: Iterable<string>): FsService;
}
