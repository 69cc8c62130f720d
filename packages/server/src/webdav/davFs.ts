/**
 * What WebDAV needs from the file-system service, in its own words. `fsAdapter.ts` implements it over
 * the fs service (issue 10); handlers depend only on this, so the protocol layer stays thin.
 * Every call takes the Actor: permission is decided below, by the fs service and permissions.ts.
 */
import type { Readable } from 'node:stream';
import type { WebdavUploadMode } from '@clip/sdk';
import type { Actor } from '../services/actor.ts';
import type { ByteRange, ReadResult } from '../storage/driver.ts';

export interface DavEntry {
  /** Virtual path, `/`-rooted, no trailing slash (`/` for the root). */
  path: string;
  name: string;
  isCollection: boolean;
  size: number;
  modified: Date | null;
  created: Date | null;
  etag: string | null;
  contentType: string | null;
}

export interface DavFile {
  entry: DavEntry;
  /** A presigned link when the file's mount does not proxy downloads (web_proxy=false), else null. */
  redirectUrl(): Promise<string | null>;
  read(range?: ByteRange): Promise<ReadResult>;
}

export interface DavQuota {
  used: number;
  available: number;
}

export interface DavWriteOptions {
  /** Exact byte count the body must have (Content-Length or X-Expected-Entity-Length); null when unknown. */
  size: number | null;
  contentType: string;
  mode: WebdavUploadMode;
  /** Client-given modification time (X-OC-Mtime), stored where the storage can keep it. */
  modified?: Date;
  signal?: AbortSignal;
}

export interface DavFs {
  /**
   * Throws (403) unless the actor may write at the path, which lies inside a mount (not the root, not a
   * virtual folder above the mounts), whether or not something exists there. Locks are not checked.
   */
  requireWritable(actor: Actor, path: string): Promise<void>;
  /** null when nothing exists at the path (or the actor may not even see it). */
  stat(actor: Actor, path: string): Promise<DavEntry | null>;
  /** The direct children of a collection, a page at a time (a folder may hold 100,000). */
  pages(actor: Actor, path: string): AsyncIterable<DavEntry[]>;
  /**
   * A file opened for GET/HEAD the way the API's download opens it (one resolution, one storage stat),
   * or null when the path is not a readable file (a collection, a virtual folder, nothing): `stat` says.
   */
  openFile(actor: Actor, path: string): Promise<DavFile | null>;
  /** Streams the body into place; on any failure (short body, abort) the old object stays. */
  write(
    actor: Actor,
    path: string,
    body: Readable,
    options: DavWriteOptions,
  ): Promise<{ etag: string | null }>;
  mkdir(actor: Actor, path: string): Promise<void>;
  remove(actor: Actor, path: string): Promise<void>;
  /** Copies a file, or a collection (deep, or just the collection itself with `shallow`), across mounts too. */
  copy(actor: Actor, from: string, to: string, options: { shallow: boolean }): Promise<void>;
  /** Whether two paths lie in the same mount (a move between them is a rename). */
  sameMount(actor: Actor, a: string, b: string): Promise<boolean>;
  /** Moves a file or a collection, across mounts too (copy then delete where one storage cannot rename). */
  move(actor: Actor, from: string, to: string): Promise<void>;
  /** Quota of the storage under the path, only when its config has a capacity. */
  quota(actor: Actor, path: string): Promise<DavQuota | null>;
}
