/**
 * `createFsService`: the one file-system service (see types.ts for the contract). This file wires the
 * parts together and holds the read side that produces links: get, read, file-link and redirects for
 * `web_proxy=false` mounts; signed links are signedAccess.ts's.
 */
import { FS_FILE_LINK_DEFAULT_S, FS_FILE_LINK_MAX_S, type FsGetResult } from '@clip/sdk/contract';
import { badRequest, notFound } from '../http/appError.ts';
import { type ByteRange, canPresign } from '../storage/driver.ts';
import { guessMimetype, isHtml } from '../uploads/mimetypes.ts';
import { createFsContext, type FsDeps } from './context.ts';
import { onStorage } from './errors.ts';
import { createListing } from './listing.ts';
import { createLockGuard } from './lockGuard.ts';
import { mountView } from './mountView.ts';
import { baseNameOf, normalizeVirtualPath } from './paths.ts';
import { createSignedAccess } from './signedAccess.ts';
import type { FsFileHandle, FsReadResult, FsService, ResolvedMountPath } from './types.ts';
import { createWrites } from './writes.ts';

export type { FsDeps } from './context.ts';

/** Lifetime of the signed links `get` hands out for `<img>`/`<video>`, seconds. */
export const FS_SIGNED_LINK_TTL_S = 3600;

const NO_TOKENS: ReadonlySet<string> = new Set();

export function createFsService(storageDeps: FsDeps): FsService {
  // Every part of the service sees storages through the mount view: never the server's own objects. Its
  // writes go through the admission on top of that view (ADR 0041).
  const deps: FsDeps = {
    ...storageDeps,
    driverFor: async (id) => {
      const view = mountView(await storageDeps.driverFor(id));
      return storageDeps.admit ? storageDeps.admit(view, id) : view;
    },
  };
  const ctx = createFsContext(deps);
  const listing = createListing(ctx);
  return build(NO_TOKENS);

  /** The service as seen by a caller that submitted these WebDAV lock tokens (none through the API). */
  function build(tokens: ReadonlySet<string>): FsService {
    const guard = createLockGuard(deps.locks, tokens);
    const writes = createWrites(ctx, guard);
    const signed = createSignedAccess({ ctx, open: openResolved, write: writes.write });

    async function readResolved(r: ResolvedMountPath, range?: ByteRange): Promise<FsReadResult> {
      if (r.subPath === '') throw badRequest(`"${r.path}" is a folder`);
      const read = await onStorage(r.path, () => r.driver.read(r.storagePath, range));
      const name = baseNameOf(r.path);
      const item = ctx.toItem(r.path, {
        path: r.storagePath,
        name,
        isDirectory: false,
        size: read.size,
        modified: read.modified,
        etag: read.etag,
        contentType: read.contentType,
      });
      return {
        item,
        stream: read.stream,
        length: read.length,
        size: read.size,
        etag: read.etag,
        modified: read.modified,
        contentType: guessMimetype(name, read.contentType) ?? 'application/octet-stream',
      };
    }

    async function openResolved(r: ResolvedMountPath): Promise<FsFileHandle> {
      const entry = r.subPath === '' ? null : await onStorage(r.path, () => r.driver.stat(r.storagePath));
      if (!entry) throw notFound(`"${r.path}" not found`);
      if (entry.isDirectory) throw badRequest(`"${r.path}" is a folder, not a file`);
      return { item: ctx.toItem(r.path, entry), resolved: r, read: (range) => readResolved(r, range) };
    }

    const service: FsService = {
      resolve: (async (actor, rawPath, need) => {
        if (need === 'navigate') return (await ctx.resolveIn(actor, rawPath, need)).resolved;
        const r = await ctx.resolveMount(actor, rawPath, need);
        // Writes made with the resolved driver (multipart uploads, batch copy, presigned PUT) honour locks too.
        if (need === 'write') await guard({ paths: [r.path] });
        return r;
      }) as FsService['resolve'],

      list: listing.list,
      listAll: listing.listAll,
      stat: listing.stat,

      async get(actor, rawPath) {
        const item = await listing.stat(actor, rawPath);
        if (!item) throw notFound(`"${normalizeVirtualPath(rawPath)}" not found`);
        const readable = item.type !== 'folder' && (await canRead(actor, item.path));
        const link = (mode: 'download' | 'preview' | 'render') =>
          readable ? signed.url(actor, item.path, mode, FS_SIGNED_LINK_TTL_S) : null;
        const result: FsGetResult = {
          ...item,
          download_url: link('download'),
          preview_url: link('preview'),
          render_url: isHtml(item.mimetype ?? '', item.name) ? link('render') : null,
        };
        return result;
      },

      async read(actor, rawPath, range) {
        return readResolved(await ctx.resolveMount(actor, rawPath, 'read'), range);
      },

      async open(actor, rawPath) {
        return openResolved(await ctx.resolveMount(actor, rawPath, 'read'));
      },

      openSigned: (link, mode) => signed.open(link, mode),

      mkdir: writes.mkdir,
      write: writes.write,
      update: writes.update,
      remove: writes.remove,
      batchRemove: writes.batchRemove,
      rename: writes.rename,
      copy: writes.copy,

      async fileLink(actor, rawPath, options = {}) {
        const r = await ctx.resolveMount(actor, rawPath, 'read');
        const ttl = Math.max(1, Math.min(options.expiresIn ?? FS_FILE_LINK_DEFAULT_S, FS_FILE_LINK_MAX_S));
        const entry = r.subPath === '' ? null : await onStorage(r.path, () => r.driver.stat(r.storagePath));
        if (!entry) throw notFound(`"${r.path}" not found`);
        if (entry.isDirectory) throw badRequest(`"${r.path}" is a folder: links are for files`);
        const expiresAt = new Date(ctx.now() + ttl * 1000).toISOString();
        const driver = r.driver;
        if (canPresign(driver)) {
          const name = baseNameOf(r.path);
          const url = await onStorage(r.path, () =>
            driver.presignGet(r.storagePath, {
              expiresInSeconds: ttl,
              filename: name,
              disposition: options.forceDownload ? 'attachment' : undefined,
            }),
          );
          return { url, expires_at: expiresAt };
        }
        return {
          url: signed.url(actor, r.path, options.forceDownload ? 'download' : 'preview', ttl),
          expires_at: expiresAt,
        };
      },

      async redirectUrl(r, mode) {
        const driver = r.driver;
        if (r.mount.webProxy || !canPresign(driver)) return null;
        const name = baseNameOf(r.path);
        return onStorage(r.path, () =>
          driver.presignGet(r.storagePath, {
            expiresInSeconds: FS_SIGNED_LINK_TTL_S,
            filename: name,
            disposition: mode === 'download' ? 'attachment' : 'inline',
          }),
        );
      },

      uploadLink: signed.uploadUrl,
      writeSigned: (link, body, options) => signed.write(link, body, options.contentType),

      afterWrite: writes.invalidate,
      toItem: ctx.toItem,
      props: deps.props,
      locks: deps.locks,
      withLockTokens: (more) => build(new Set([...tokens, ...more])),
    };

    async function canRead(actor: Parameters<FsService['stat']>[0], path: string): Promise<boolean> {
      try {
        await ctx.resolveMount(actor, path, 'read');
        return true;
      } catch {
        return false;
      }
    }

    return service;
  }
}
