/** What the file-system service's parts share: dependencies, resolution and the item shape. */
import type { FsItem } from '@clip/sdk';
import { badRequest, notFound } from '../http/appError.ts';
import type { Actor } from '../services/actor.ts';
import type { MountRecord } from '../services/mountService.ts';
import { requireFsNavigate, requireFsReadWrite } from '../services/permissions.ts';
import type { StorageDriver, StorageEntry } from '../storage/driver.ts';
import { isServerObjectPath } from '../storage/serverObjects.ts';
import { guessMimetype } from '../uploads/mimetypes.ts';
import type { DeadProperties } from './deadPropertyStore.ts';
import { itemTypeOf } from './itemTypes.ts';
import type { LinkIssuers } from './linkIssuer.ts';
import type { ListingCache } from './listingCache.ts';
import type { LockStore } from './lockStore.ts';
import { baseNameOf, normalizeVirtualPath } from './paths.ts';
import { matchMount, virtualChildren } from './resolve.ts';
import type { FsLinkSigner } from './signedLinks.ts';
import type { SignedWriteStore } from './signedWriteStore.ts';
import type { FsNeed, ResolvedMountPath, ResolvedPath } from './types.ts';

export interface FsDeps {
  activeMounts(): Promise<MountRecord[]>;
  /**
   * The active mounts read now, asked when `activeMounts` (then a list held for a moment) matches no
   * mount: a mount made a moment ago, here or by another process, is found at once.
   */
  liveMounts?(): Promise<MountRecord[]>;
  driverFor(storageConfigId: string): Promise<StorageDriver>;
  /** Wraps a config's driver so every write that adds bytes is admitted (services/admission, ADR 0041). */
  admit?(driver: StorageDriver, storageConfigId: string): StorageDriver;
  cache: ListingCache;
  /** Dead properties (set through WebDAV PROPPATCH): moved, copied and removed with their resource. */
  props: DeadProperties;
  /** WebDAV locks: every write checks them (lockGuard.ts). */
  locks: LockStore;
  signer: FsLinkSigner;
  /** A signed link's issuer, looked up again on every use. */
  issuers: LinkIssuers;
  /** The single use of each signed PUT link. */
  signedWrites: SignedWriteStore;
  /** The public origin signed links are built on. */
  origin(): string;
  now?: () => number;
}

export interface FsContext {
  deps: FsDeps;
  now(): number;
  resolveIn(
    actor: Actor,
    rawPath: string,
    need: FsNeed,
  ): Promise<{ resolved: ResolvedPath; mounts: MountRecord[] }>;
  /**
   * The path in its mount, with the mount's driver. A path in no mount is a 404 when it names
   * something that should exist (every read; a write with `existing`, such as delete or a rename's
   * source) and is not a virtual folder; otherwise (a write target, or a virtual folder) a 400.
   */
  resolveMount(
    actor: Actor,
    rawPath: string,
    need: 'read' | 'write',
    existing?: boolean,
  ): Promise<ResolvedMountPath>;
  toItem(path: string, entry: StorageEntry, isMount?: boolean): FsItem;
  /** A folder with no storage entry of its own; `modifiedMs` its date where one is known. */
  folderItem(path: string, isMount: boolean, modifiedMs?: number | null): FsItem;
}

export function createFsContext(deps: FsDeps): FsContext {
  const now = deps.now ?? Date.now;

  async function mountFor(path: string) {
    let mounts = await deps.activeMounts();
    let match = matchMount(mounts, path);
    if (!match && deps.liveMounts) {
      mounts = await deps.liveMounts();
      match = matchMount(mounts, path);
    }
    // The server's own objects (ADR 0040) are not there, whatever mount or spelling leads to them.
    if (match && isServerObjectPath(match.storagePath)) throw notFound(`"${path}" not found`);
    return { mounts, match };
  }

  async function resolveIn(actor: Actor, rawPath: string, need: FsNeed) {
    const path = normalizeVirtualPath(rawPath);
    let access: ResolvedPath['access'];
    if (need === 'navigate') access = requireFsNavigate(actor, path);
    else {
      requireFsReadWrite(actor, path);
      access = 'full';
    }
    const { mounts, match } = await mountFor(path);
    const resolved: ResolvedPath = match
      ? { path, access, mount: match.mount, subPath: match.subPath, storagePath: match.storagePath }
      : { path, access, mount: null, subPath: '', storagePath: '' };
    return { resolved, mounts };
  }

  async function withDriver(
    resolved: ResolvedPath,
    mounts: MountRecord[],
    existing: boolean,
  ): Promise<ResolvedMountPath> {
    if (!resolved.mount) {
      const isVirtualFolder = resolved.path === '/' || virtualChildren(mounts, resolved.path).length > 0;
      // Nothing is there: the same 404 as fs/get and fs/list give, whichever route asks.
      if (existing && !isVirtualFolder) throw notFound(`"${resolved.path}" not found`);
      throw badRequest(`"${resolved.path}" is not inside a mount: files live in mounts (create one first)`);
    }
    const driver = await deps.driverFor(resolved.mount.storageConfigId);
    return { ...resolved, mount: resolved.mount, driver };
  }

  return {
    deps,
    now,
    resolveIn,
    async resolveMount(actor, rawPath, need, existing = need === 'read') {
      const { resolved, mounts } = await resolveIn(actor, rawPath, need);
      return withDriver(resolved, mounts, existing);
    },
    toItem(path, entry, isMount = false) {
      const name = baseNameOf(path);
      const folder = entry.isDirectory;
      return {
        name,
        path,
        type: itemTypeOf(name, folder),
        size: folder ? null : entry.size,
        modified: entry.modified ? entry.modified.toISOString() : null,
        etag: folder ? null : entry.etag,
        mimetype: folder ? null : (guessMimetype(name, entry.contentType) ?? 'application/octet-stream'),
        is_mount: isMount,
      };
    },
    folderItem(path, isMount, modifiedMs = null) {
      return {
        name: baseNameOf(path),
        path,
        type: 'folder',
        size: null,
        modified: modifiedMs === null ? null : new Date(modifiedMs).toISOString(),
        etag: null,
        mimetype: null,
        is_mount: isMount,
      };
    },
  };
}
