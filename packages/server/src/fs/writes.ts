/**
 * Every write of the file system: mkdir, write (uploads and WebDAV PUT), update (text save), remove,
 * batch-remove, rename and copy. Each one is refused (423) while a WebDAV lock covers what it changes and
 * its token was not submitted; once storage has changed, it invalidates the listing cache of its storage
 * config in every process and carries the path's dead properties along (moved, copied, or removed with
 * their resource), so WebDAV and the API agree on them.
 */
import { Readable, Transform } from 'node:stream';
import { FS_UPDATE_MAX_BYTES, type FsBatchRemoveResult, type FsItem } from '@clip/sdk/contract';
import { AppError, badRequest, conflict, notFound, tooLarge } from '../http/appError.ts';
import type { Actor } from '../services/actor.ts';
import { canCopy, canMkdir, canRename, type StorageEntry } from '../storage/driver.ts';
import { pipeThrough } from '../storage/pipeThrough.ts';
import { guessMimetype } from '../uploads/mimetypes.ts';
import type { FsContext } from './context.ts';
import { fsStorageError, onStorage } from './errors.ts';
import type { LockGuard } from './lockGuard.ts';
import { baseNameOf, isAtOrBelow, joinVirtual, parentPath } from './paths.ts';
import type { FsCopyOptions, FsWriteOptions, FsWriteResult, ResolvedMountPath } from './types.ts';

/** Fails the stream with 413 once more than `max` bytes went through. */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(tooLarge(`the upload is larger than the limit of ${max} bytes`));
      else done(null, chunk);
    },
  });
}

export function createWrites(ctx: FsContext, guard: LockGuard) {
  const { props, locks } = ctx.deps;
  const stat = (r: ResolvedMountPath, storagePath = r.storagePath) =>
    onStorage(r.path, () => r.driver.stat(storagePath));

  async function invalidate(r: ResolvedMountPath): Promise<void> {
    await ctx.deps.cache.invalidate(r.mount.storageConfigId);
  }

  /** 409 when the parent folder is missing (or a file), unless asked to create it. */
  async function ensureParent(r: ResolvedMountPath, createParents: boolean): Promise<void> {
    const slash = r.subPath.lastIndexOf('/');
    if (slash < 0) return; // directly in the mount's root
    const parentStorage = r.storagePath.slice(0, r.storagePath.lastIndexOf('/'));
    const parent = await stat(r, parentStorage);
    if (parent?.isDirectory) return;
    if (parent) throw conflict(`"${parentPath(r.path)}" is a file, not a folder`);
    if (!createParents) throw conflict(`parent folder "${parentPath(r.path)}" does not exist`);
    const driver = r.driver;
    if (canMkdir(driver)) await onStorage(r.path, () => driver.mkdir(parentStorage));
  }

  function refuseMountRoot(r: ResolvedMountPath, what: string): void {
    if (r.subPath === '') throw badRequest(`"${r.path}" is a mount's root: ${what}`);
  }

  async function mkdir(
    actor: Actor,
    rawPath: string,
    options: { createParents?: boolean } = {},
  ): Promise<FsItem> {
    const r = await ctx.resolveMount(actor, rawPath, 'write');
    if (r.subPath === '' || (await stat(r))) throw conflict(`"${r.path}" already exists`);
    // Locks first: a refused mkdir creates no parent folders either.
    await guard({ paths: [r.path], parents: [parentPath(r.path)] });
    await ensureParent(r, options.createParents === true);
    await createFolder(r);
    return ctx.folderItem(r.path, false);
  }

  async function createFolder(r: ResolvedMountPath): Promise<void> {
    if (canMkdir(r.driver)) {
      const driver = r.driver;
      await onStorage(r.path, () => driver.mkdir(r.storagePath));
    } else
      await onStorage(r.path, () => r.driver.write(`${r.storagePath}/.keep`, Readable.from([]), { size: 0 }));
    await invalidate(r);
    // Rows left by a resource removed behind our back (straight in storage) do not belong to this one.
    await props.removeTree(r.path);
  }

  async function writeResolved(
    r: ResolvedMountPath,
    body: Readable,
    options: FsWriteOptions,
  ): Promise<FsWriteResult> {
    refuseMountRoot(r, 'write files inside it');
    const createParents = options.createParents === true;
    if (!createParents) await ensureParent(r, false);
    const existing = await stat(r);
    if (existing?.isDirectory) throw conflict(`"${r.path}" is a folder`);
    if (existing && options.noOverwrite) throw conflict(`"${r.path}" already exists`);
    // Locks before any parent folder is made: a refused write leaves nothing behind.
    await guard({ paths: [r.path], parents: existing ? [] : [parentPath(r.path)] });
    if (createParents) await ensureParent(r, true);
    if (options.size !== undefined && options.maxBytes !== undefined && options.size > options.maxBytes)
      throw tooLarge(`the upload has ${options.size} bytes; the limit is ${options.maxBytes} bytes`);
    const source = options.maxBytes !== undefined ? pipeThrough(body, byteLimit(options.maxBytes)) : body;
    let written: { size: number; etag: string | null };
    try {
      written = await r.driver.write(r.storagePath, source, {
        contentType: options.contentType,
        size: options.size,
        signal: options.signal,
        releaseChunks: options.releaseChunks,
      });
    } catch (err) {
      // The byte limit's 413 may surface as the pipeline's error or the stream's.
      const cause = (source as Transform).errored ?? err;
      throw fsStorageError(cause instanceof AppError ? cause : err, r.path);
    }
    await invalidate(r);
    if (!existing) await props.removeTree(r.path);
    const entry: StorageEntry = {
      path: r.storagePath,
      name: baseNameOf(r.path),
      isDirectory: false,
      size: written.size,
      modified: new Date(ctx.now()),
      etag: written.etag,
      contentType: options.contentType ?? null,
    };
    return { item: ctx.toItem(r.path, entry), created: !existing };
  }

  async function write(actor: Actor, rawPath: string, body: Readable, options: FsWriteOptions = {}) {
    const r = await ctx.resolveMount(actor, rawPath, 'write');
    return writeResolved(r, body, options);
  }

  async function update(actor: Actor, rawPath: string, content: string): Promise<FsItem> {
    const bytes = Buffer.from(content, 'utf8');
    if (bytes.length > FS_UPDATE_MAX_BYTES)
      throw tooLarge(`content is ${bytes.length} bytes; a text save takes at most ${FS_UPDATE_MAX_BYTES}`);
    const r = await ctx.resolveMount(actor, rawPath, 'write');
    const existing = await stat(r);
    // Keeps the object's own type; a new file gets one from its name.
    const contentType =
      existing?.contentType ?? guessMimetype(baseNameOf(r.path), null) ?? 'text/plain; charset=utf-8';
    const result = await writeResolved(r, Readable.from([bytes]), { size: bytes.length, contentType });
    return result.item;
  }

  async function removeResolved(r: ResolvedMountPath): Promise<void> {
    refuseMountRoot(r, 'delete the mount instead');
    if (!(await stat(r))) throw notFound(`"${r.path}" not found`);
    await guard({ trees: [r.path], parents: [parentPath(r.path)] });
    await onStorage(r.path, () => r.driver.remove(r.storagePath));
    await invalidate(r);
    await forget(r.path);
  }

  /** A resource that is gone takes its dead properties and locks with it. */
  async function forget(path: string): Promise<void> {
    await props.removeTree(path);
    await locks.removeTree(path);
  }

  async function remove(actor: Actor, rawPath: string): Promise<void> {
    await removeResolved(await ctx.resolveMount(actor, rawPath, 'write', true));
  }

  async function batchRemove(actor: Actor, rawPaths: string[]): Promise<FsBatchRemoveResult> {
    const result: FsBatchRemoveResult = { removed: [], failed: [] };
    for (const raw of rawPaths) {
      try {
        await remove(actor, raw);
        result.removed.push(raw);
      } catch (err) {
        result.failed.push({ path: raw, error: fsStorageError(err, raw).message });
      }
    }
    return result;
  }

  async function rename(actor: Actor, oldRaw: string, newRaw: string): Promise<FsItem> {
    const from = await ctx.resolveMount(actor, oldRaw, 'write', true);
    refuseMountRoot(from, 'rename or move the mount instead');
    const to = await ctx.resolveMount(actor, newRaw, 'write');
    if (from.mount.id !== to.mount.id)
      throw badRequest(`"${from.path}" and "${to.path}" are in different mounts: copy across mounts instead`);
    refuseMountRoot(to, 'it cannot be replaced');
    const source = await stat(from);
    if (!source) throw notFound(`"${from.path}" not found`);
    if (from.path === to.path) return ctx.toItem(from.path, source);
    if (source.isDirectory && isAtOrBelow(from.path, to.path))
      throw badRequest(`cannot move "${from.path}" inside itself`);
    if (await stat(to)) throw conflict(`"${to.path}" already exists`);
    await ensureParent(to, false);
    await guard({
      trees: [from.path, to.path],
      parents: [parentPath(from.path), parentPath(to.path)],
    });
    try {
      if (canRename(from.driver)) {
        const driver = from.driver;
        await driver.rename(from.storagePath, to.storagePath);
      } else {
        if (!canCopy(from.driver)) throw badRequest('this storage cannot rename');
        await from.driver.copy(from.storagePath, to.storagePath);
        await from.driver.remove(from.storagePath);
      }
    } catch (err) {
      // Sources are deleted only after every copy landed, so the source is whole; the target did not
      // exist before (checked above), so whatever copies landed there are removed again.
      const cleaned = await to.driver.remove(to.storagePath).then(
        () => true,
        () => false,
      );
      await invalidate(from);
      const failure = fsStorageError(err, from.path);
      throw new AppError(
        failure.status,
        failure.code,
        `${failure.message}; "${from.path}" is unchanged${cleaned ? '' : `, and partial copies may remain at "${to.path}"`}`,
      );
    }
    await invalidate(from);
    // Dead properties move with the resource; locks stay with the old path's holder and end there (RFC 4918 7.5).
    await props.moveTree(from.path, to.path);
    await locks.removeTree(from.path);
    const moved = await stat(to);
    return moved ? ctx.toItem(to.path, moved) : ctx.toItem(to.path, source);
  }

  async function copy(
    actor: Actor,
    fromRaw: string,
    toRaw: string,
    options: FsCopyOptions = {},
  ): Promise<FsItem> {
    const from = await ctx.resolveMount(actor, fromRaw, 'read');
    const to = await ctx.resolveMount(actor, toRaw, 'write');
    refuseMountRoot(to, 'it cannot be replaced');
    const source = from.subPath === '' ? folderEntry() : await stat(from);
    if (!source) throw notFound(`"${from.path}" not found`);
    if (source.isDirectory && isAtOrBelow(from.path, to.path))
      throw badRequest(`cannot copy "${from.path}" into itself`);
    const existing = await stat(to);
    if (existing && !options.overwrite) throw conflict(`"${to.path}" already exists`);
    await ensureParent(to, false);
    await guard({ trees: [to.path], parents: existing ? [] : [parentPath(to.path)] });
    const shallow = options.shallow === true && source.isDirectory;
    if (shallow) {
      // The collection alone (WebDAV COPY Depth 0): a folder, with the source folder's own properties.
      if (!existing) await createFolder(to);
      await props.copyTree(from.path, to.path, true);
      return ctx.folderItem(to.path, false);
    }
    const sameStorage = from.mount.storageConfigId === to.mount.storageConfigId;
    try {
      if (sameStorage && canCopy(from.driver) && from.subPath !== '')
        await from.driver.copy(from.storagePath, to.storagePath);
      else await streamCopy(from, to, source.isDirectory);
    } finally {
      await invalidate(to);
    }
    await props.copyTree(from.path, to.path);
    const copied = await stat(to);
    return copied ? ctx.toItem(to.path, copied) : ctx.folderItem(to.path, false);
  }

  /** Across storage configs: every file read from one driver and streamed into the other. */
  async function streamCopy(from: ResolvedMountPath, to: ResolvedMountPath, folder: boolean): Promise<void> {
    if (!folder) {
      const read = await onStorage(from.path, () => from.driver.read(from.storagePath));
      await onStorage(to.path, () =>
        to.driver.write(to.storagePath, read.stream, {
          size: read.size,
          contentType: read.contentType ?? undefined,
        }),
      );
      return;
    }
    if (canMkdir(to.driver)) {
      const driver = to.driver;
      await onStorage(to.path, () => driver.mkdir(to.storagePath));
    }
    let cursor: string | null = null;
    do {
      const page = await onStorage(from.path, () =>
        from.driver.list(from.storagePath, { cursor, limit: 1000 }),
      );
      for (const e of page.entries) {
        const childFrom = {
          ...from,
          path: joinVirtual(from.path, e.name),
          subPath: `${from.subPath}/${e.name}`.replace(/^\//, ''),
          storagePath: e.path,
        };
        const childTo = {
          ...to,
          path: joinVirtual(to.path, e.name),
          subPath: `${to.subPath}/${e.name}`,
          storagePath: `${to.storagePath}/${e.name}`,
        };
        await streamCopy(childFrom, childTo, e.isDirectory);
      }
      cursor = page.cursor;
    } while (cursor);
  }

  return { mkdir, write, writeResolved, update, remove, batchRemove, rename, copy, invalidate };
}

function folderEntry(): StorageEntry {
  return { path: '', name: '', isDirectory: true, size: 0, modified: null, etag: null, contentType: null };
}
