/**
 * What resumable uploads need from the file-system service, kept narrow: where a new file in a folder
 * goes (after the permission check), the driver of a storage config, the checks of size and capacity,
 * and what to do once a file landed (invalidate listings, describe the item).
 */
import type { FsItem } from '@clip/sdk';
import type { Actor } from '../../services/actor.ts';
import type { StorageDriver } from '../../storage/driver.ts';

export interface UploadTarget {
  /** Virtual path of the file ("/m1/dir/a.bin"). */
  path: string;
  mountId: string;
  storageConfigId: string;
  /** Driver-relative key of the object. */
  objectKey: string;
  driver: StorageDriver;
  /** Bytes of the file at the path when the upload began (0: none). */
  existingBytes: number;
}

export interface UploadHost {
  /**
   * Resolves `folder` + `filename` for writing by `actor`: normalises, checks permission (403), the mount
   * (404/400) and that the folder exists (409) unless `createParents` (then creates it).
   */
  target(
    actor: Actor,
    folder: string,
    filename: string,
    options: { createParents?: boolean },
  ): Promise<UploadTarget>;
  /**
   * Resolves an existing file path again for writing (permission may have changed since init). `recent`:
   * mounts and drivers may be up to a second old (a part, which only the later complete makes visible).
   */
  retarget(actor: Actor, path: string, options?: { recent?: boolean }): Promise<UploadTarget>;
  /**
   * Throws 413 when `size` is over max_upload_size or the storage config's remaining capacity (other open
   * sessions count as used; `sessionId`'s own does not).
   */
  checkSize(target: UploadTarget, size: number, sessionId?: string): Promise<void>;
  /** The driver of a storage config, or null when the config is gone (the sweep has no actor). */
  driver(storageConfigId: string): Promise<StorageDriver | null>;
  /**
   * After a file landed over `replaced` bytes: counts what it added to the config's usage, invalidates the
   * listing cache and answers the item as a listing shows it.
   */
  written(actor: Actor, target: UploadTarget, replaced: number): Promise<FsItem>;
}
