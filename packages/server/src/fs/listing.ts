/**
 * list / listAll / stat: folders of a mount (through the listing cache), virtual folders above mounts,
 * and nested mounts shown inside their parent mount's folders. A navigate-only actor sees only the branch
 * that leads to its scope.
 */
import { FS_LIST_MAX_LIMIT, type FsItem, type FsListResult } from '@clip/sdk/contract';
import { badRequest, notFound } from '../http/appError.ts';
import type { Actor } from '../services/actor.ts';
import type { MountRecord } from '../services/mountService.ts';
import { fsChildVisible, fsScopeRoot } from '../services/permissions.ts';
import type { ListResultPage, StorageEntry } from '../storage/driver.ts';
import { childPath } from '../storage/paths.ts';
import type { FsContext } from './context.ts';
import { createCursorStarts } from './cursorStarts.ts';
import { onStorage } from './errors.ts';
import { MAX_CACHED_FOLDER_ITEMS } from './listingCache.ts';
import { createPageMemo } from './pageMemo.ts';
import { joinVirtual, segmentsOf } from './paths.ts';
import { mountsChangedAt, virtualChildren } from './resolve.ts';
import type { FsListOptions, ResolvedMountPath, ResolvedPath } from './types.ts';

/** Cursor kinds: `c:<name>` pages a cached whole folder, `d:<token>` passes a driver token through. */
const CACHED = 'c:';
const DRIVER = 'd:';

export function createListing(ctx: FsContext) {
  const { cache } = ctx.deps;
  const pageOf = createPageMemo();
  const cursorStarts = createCursorStarts();

  function virtualItems(mounts: MountRecord[], path: string): FsItem[] {
    return virtualChildren(mounts, path).map((c) =>
      ctx.folderItem(c.path, true, mountsChangedAt(mounts, c.path)),
    );
  }

  /**
   * Folders being paged from storage after a cache miss, per mount and folder: the pages the caller
   * reads, in order, are gathered here, and the last one fills the cache, so a folder is read from
   * storage once, by its reader (a background fill read the first listing of a 10,000-object folder
   * twice). Bounded: a few folders, each until it passes what a cache entry holds.
   */
  const gathering = new Map<string, { version: number; items: FsItem[]; next: string }>();
  const MAX_GATHERING = 16;
  const gatherKey = (r: ResolvedMountPath) => `${r.mount.id}\u0000${r.storagePath}`;

  /** A page read from storage after a miss: kept toward the cache while it follows the gathered ones. */
  function gather(r: ResolvedMountPath, token: string | null, version: number, page: ListResultPage): void {
    const key = gatherKey(r);
    const before = gathering.get(key);
    // Another reader's page of the same folder leaves this one's gathering alone.
    if (token !== null && (before?.next !== token || before.version !== version)) return;
    gathering.delete(key);
    if (token === null && !page.cursor) return;
    const items = token === null ? [] : (before?.items ?? []);
    for (const e of page.entries) items.push(ctx.toItem(joinVirtual(r.path, e.name), e));
    if (items.length > MAX_CACHED_FOLDER_ITEMS) cache.set(r.mount, r.storagePath, r.path, version, null);
    else if (!page.cursor) cache.set(r.mount, r.storagePath, r.path, version, items);
    else {
      // Oldest first out (a Map keeps insertion order; a folder read on is put back last).
      if (gathering.size >= MAX_GATHERING) gathering.delete(gathering.keys().next().value as string);
      gathering.set(key, { version, items, next: page.cursor });
    }
  }

  /**
   * A storage folder from the cache; on a miss, storage's first page (of `limit`): a folder that fits
   * in it is cached and answered whole; a larger one is answered that page, its driver cursor paging
   * on from storage, and the pages its reader goes on to read fill the cache (`gather`), so the first
   * rows of a huge folder cost one storage page, not the folder (ADR 0068). `whole` (a cached
   * listing's later page, its entry gone): the folder is listed whole first, as before.
   * 'too-large': the folder is paged from storage.
   */
  async function cachedFolder(
    r: ResolvedMountPath,
    options: { refresh: boolean; hasNestedMounts: boolean; limit: number; whole: boolean },
  ): Promise<FsItem[] | ListResultPage | 'too-large'> {
    const version = await cache.version(r.mount);
    const known = cache.get(r.mount, r.storagePath, version);
    if (known && !options.refresh) return known;
    if (options.whole) return (await wholeFolder(r, version)) ?? 'too-large';
    const first = await onStorage(r.path, () =>
      r.driver.list(r.storagePath, { cursor: null, limit: options.limit }),
    );
    if (first.cursor) {
      // A refresh of a folder known too large to cache lists only its first page again.
      if (known !== 'too-large') gather(r, null, version, first);
      return first;
    }
    const items = first.entries.map((e) => ctx.toItem(joinVirtual(r.path, e.name), e));
    if (items.length === 0) await requireFolder(r, options.hasNestedMounts);
    cache.set(r.mount, r.storagePath, r.path, version, items);
    return items;
  }

  /** The folder whole from storage into the cache; null when it is too large to cache. */
  async function wholeFolder(r: ResolvedMountPath, version: number): Promise<FsItem[] | null> {
    const items: FsItem[] = [];
    let cursor: string | null = null;
    do {
      const page = await onStorage(r.path, () =>
        r.driver.list(r.storagePath, { cursor, limit: FS_LIST_MAX_LIMIT }),
      );
      for (const e of page.entries) items.push(ctx.toItem(joinVirtual(r.path, e.name), e));
      cursor = page.cursor;
      if (items.length > MAX_CACHED_FOLDER_ITEMS) {
        cache.set(r.mount, r.storagePath, r.path, version, null);
        return null;
      }
    } while (cursor);
    cache.set(r.mount, r.storagePath, r.path, version, items);
    return items;
  }

  /**
   * Called only when a listing came back empty (a non-empty listing proves the folder exists): an empty
   * folder, a missing one (404) or a file (400)?
   */
  async function requireFolder(r: ResolvedMountPath, hasNestedMounts = false): Promise<void> {
    if (r.subPath === '') return;
    const entry = await onStorage(r.path, () => r.driver.stat(r.storagePath));
    // A folder that exists only as the way to a nested mount.
    if (!entry && hasNestedMounts) return;
    if (!entry) throw notFound(`folder "${r.path}" not found`);
    if (!entry.isDirectory) throw badRequest(`"${r.path}" is a file, not a folder`);
  }

  /** Navigate-only inside a mount: only the child on the way to the scope root, when it exists. */
  async function branchOnly(
    actor: Actor,
    r: ResolvedMountPath,
    mounts: MountRecord[],
  ): Promise<FsListResult> {
    const root = fsScopeRoot(actor) ?? '/';
    const next = segmentsOf(root)[segmentsOf(r.path).length];
    const items: FsItem[] = virtualItems(mounts, r.path).filter((i) => fsChildVisible(actor, i.path));
    if (next && !items.some((i) => i.name === next)) {
      const entry: StorageEntry | null = await onStorage(r.path, () =>
        r.driver.stat(childPath(r.storagePath, next)),
      );
      if (entry?.isDirectory) items.push(ctx.toItem(joinVirtual(r.path, next), entry));
    }
    return { path: r.path, is_virtual: false, items, next_cursor: null };
  }

  async function list(actor: Actor, rawPath: string, options: FsListOptions = {}): Promise<FsListResult> {
    const { resolved, mounts } = await ctx.resolveIn(actor, rawPath, 'navigate');
    const limit = Math.max(1, Math.min(options.limit ?? FS_LIST_MAX_LIMIT, FS_LIST_MAX_LIMIT));
    if (!resolved.mount) return virtualList(actor, resolved, mounts);
    const r: ResolvedMountPath = {
      ...resolved,
      mount: resolved.mount,
      driver: await ctx.deps.driverFor(resolved.mount.storageConfigId),
    };
    if (resolved.access === 'navigate') return branchOnly(actor, r, mounts);

    const cursor = options.cursor ?? null;
    if (cursor !== null && !cursor.startsWith(CACHED) && !cursor.startsWith(DRIVER))
      throw badRequest('cursor is not one this server gave out');
    // Nested mounts show as folders on the first page.
    const nestedItems = virtualItems(mounts, r.path);
    const nested = nestedItems.length > 0;
    const overlay = cursor === null ? nestedItems : [];

    const cached =
      r.mount.cacheTtl > 0 && !cursor?.startsWith(DRIVER)
        ? await cachedFolder(r, {
            refresh: options.refresh === true && cursor === null,
            hasNestedMounts: nested,
            limit,
            whole: cursor !== null,
          })
        : null;
    if (Array.isArray(cached)) {
      const all = cached;
      const start = cursor ? cursorStarts.startAfter(all, cursor.slice(CACHED.length)) : 0;
      const build = (): FsListResult => {
        const page = all.slice(start, start + limit);
        const more = start + limit < all.length;
        if (more) cursorStarts.remember(all, page[page.length - 1].name, start + limit);
        return {
          path: r.path,
          is_virtual: false,
          items: merge(overlay, page),
          next_cursor: more ? `${CACHED}${page[page.length - 1].name}` : null,
        };
      };
      // Nested mounts change without the folder: a page that shows them is built each time.
      return overlay.length === 0 ? pageOf(all, start, limit, build) : build();
    }

    // Not cached: one storage page per call, the driver's own continuation as the cursor.
    if (cursor?.startsWith(CACHED))
      throw badRequest('cursor has expired (the folder changed while paging): list from the start');
    const token = cursor ? cursor.slice(DRIVER.length) : null;
    const page =
      cached && cached !== 'too-large'
        ? cached
        : await onStorage(r.path, () => r.driver.list(r.storagePath, { cursor: token, limit }));
    // A cached mount's folder read on from storage: its pages fill the cache as they pass.
    if (token !== null && gathering.has(gatherKey(r))) gather(r, token, await cache.version(r.mount), page);
    if (cursor === null && page.entries.length === 0) await requireFolder(r, nested);
    const items = page.entries.map((e) => ctx.toItem(joinVirtual(r.path, e.name), e));
    return {
      path: r.path,
      is_virtual: false,
      items: merge(overlay, items),
      next_cursor: page.cursor ? `${DRIVER}${page.cursor}` : null,
    };
  }

  function virtualList(actor: Actor, resolved: ResolvedPath, mounts: MountRecord[]): FsListResult {
    const all = virtualItems(mounts, resolved.path);
    if (all.length === 0 && resolved.path !== '/') throw notFound(`folder "${resolved.path}" not found`);
    const items = resolved.access === 'full' ? all : all.filter((i) => fsChildVisible(actor, i.path));
    return { path: resolved.path, is_virtual: true, items, next_cursor: null };
  }

  async function listAll(actor: Actor, rawPath: string, options: { refresh?: boolean } = {}) {
    let page = await list(actor, rawPath, { refresh: options.refresh });
    const items = [...page.items];
    while (page.next_cursor) {
      page = await list(actor, rawPath, { cursor: page.next_cursor });
      items.push(...page.items);
    }
    return { ...page, items, next_cursor: null };
  }

  async function stat(actor: Actor, rawPath: string): Promise<FsItem | null> {
    const { resolved, mounts } = await ctx.resolveIn(actor, rawPath, 'navigate');
    if (!resolved.mount) {
      if (resolved.path === '/' || virtualChildren(mounts, resolved.path).length > 0)
        return ctx.folderItem(resolved.path, true, mountsChangedAt(mounts, resolved.path));
      return null;
    }
    if (resolved.subPath === '')
      return ctx.folderItem(resolved.path, true, mountsChangedAt(mounts, resolved.path));
    // A nested mount's way in (a folder that exists only because a mount lies below it).
    if (virtualChildren(mounts, resolved.path).length > 0) {
      const driver = await ctx.deps.driverFor(resolved.mount.storageConfigId);
      const entry = await onStorage(resolved.path, () => driver.stat(resolved.storagePath));
      return entry
        ? ctx.toItem(resolved.path, entry)
        : ctx.folderItem(resolved.path, true, mountsChangedAt(mounts, resolved.path));
    }
    const driver = await ctx.deps.driverFor(resolved.mount.storageConfigId);
    const entry = await onStorage(resolved.path, () => driver.stat(resolved.storagePath));
    return entry ? ctx.toItem(resolved.path, entry) : null;
  }

  return { list, listAll, stat };
}

/** Nested-mount folders first, then storage items, without a name twice. */
function merge(overlay: FsItem[], items: FsItem[]): FsItem[] {
  if (overlay.length === 0) return items;
  const names = new Set(overlay.map((i) => i.name));
  return [...overlay, ...items.filter((i) => !names.has(i.name))];
}
