/**
 * DavFs over the file-system service (src/fs): WebDAV never talks to drivers or mounts itself, except to
 * pick how PUT bytes reach storage (`webdav_upload_mode`), after which the service's `afterWrite` keeps
 * the listing cache right in every process. Move across mounts and a shallow collection copy are
 * composed here from the service's calls.
 */
import type { Readable } from 'node:stream';
import type { FsItem } from '@clip/sdk';
import type { FsFileHandle, FsService } from '../fs/types.ts';
import { AppError, forbidden, tooLarge } from '../http/appError.ts';
import type { Actor } from '../services/actor.ts';
import { admitWrite } from '../services/admission/admittedDriver.ts';
import { requireFsReadWrite } from '../services/permissions.ts';
import { canPresign } from '../storage/driver.ts';
import { DEFAULT_PART_BYTES } from '../storage/s3/partSize.ts';
import type { DavEntry, DavFs, DavQuota, DavWriteOptions } from './davFs.ts';
import { putToPresigned } from './presignedPut.ts';

const MiB = 1024 * 1024;
/** `direct` is one streamed PUT up to this size (larger bodies go in parts). */
export const DIRECT_MAX = 100 * MiB;
/**
 * Up to this size the service's streamed write is itself one PUT of a body held whole in memory (the S3
 * driver's part size): storage sees no byte before the body is complete, so a short or long body never
 * reaches it. `auto` relies on that (one PUT up to the part size, parts above) instead of streaming a single PUT.
 */
const BUFFERED_SINGLE_PUT = DEFAULT_PART_BYTES;
/** A single S3 PUT takes at most 5 GiB. */
const PRESIGNED_MAX = 5 * 1024 * MiB;

export interface FsAdapterDeps {
  fs: FsService;
  maxUploadBytes(): Promise<number>;
  /** Capacity and use of a storage config, or null when it has no capacity set. */
  quota(storageConfigId: string): Promise<DavQuota | null>;
}

export function toEntry(item: FsItem): DavEntry {
  return {
    path: item.path,
    name: item.name,
    isCollection: item.type === 'folder',
    size: item.size ?? 0,
    modified: item.modified ? new Date(item.modified) : null,
    created: null,
    etag: item.etag,
    contentType: item.mimetype,
  };
}

/** Whether this PUT goes as one streamed request to a presigned URL (else the service's streamed write). */
export function wantsSinglePut(options: DavWriteOptions): boolean {
  if (options.size === null) return false;
  if (options.mode === 'presigned') return options.size <= PRESIGNED_MAX;
  if (options.mode === 'direct') return options.size > BUFFERED_SINGLE_PUT && options.size <= DIRECT_MAX;
  // auto and multipart: the service's streamed write (one buffered PUT up to the part size, parts above).
  return false;
}

export function createFsAdapter(deps: FsAdapterDeps): DavFs {
  const { fs } = deps;

  async function sameMount(actor: Actor, a: string, b: string): Promise<boolean> {
    const [ra, rb] = await Promise.all([fs.resolve(actor, a, 'write'), fs.resolve(actor, b, 'write')]);
    return ra.mount.id === rb.mount.id;
  }

  return {
    async requireWritable(actor, path) {
      const resolved = await fs.resolve(actor, path, 'navigate');
      requireFsReadWrite(actor, resolved.path);
      if (!resolved.mount)
        throw forbidden(`"${resolved.path}" is not inside a mount: only what mounts hold can be changed`);
    },

    async stat(actor, path) {
      const item = await fs.stat(actor, path);
      if (item) return toEntry(item);
      if (path === '/')
        return {
          path: '/',
          name: '',
          isCollection: true,
          size: 0,
          modified: null,
          created: null,
          etag: null,
          contentType: null,
        };
      return null;
    },

    async *pages(actor, path) {
      // Only the page's entries are held while the reader answers them: the listing's items are let go
      // at once (a huge listing's objects that outlive two young collections are promoted, and the old
      // space they leave is the server's RSS growth; docs/performance.md, "Huge folders").
      const pageOf = async (cursor: string | null) => {
        const page = await fs.list(actor, path, cursor === null ? {} : { cursor });
        return { entries: page.items.map(toEntry), cursor: page.next_cursor };
      };
      let cursor: string | null = null;
      do {
        const page = await pageOf(cursor);
        cursor = page.cursor;
        yield page.entries;
      } while (cursor);
    },

    async openFile(actor, path) {
      let handle: FsFileHandle;
      try {
        handle = await fs.open(actor, path);
      } catch (err) {
        // Not a readable file here (a folder, a folder on the way to a key's basic path, above the mounts,
        // missing): the handler's stat decides what it is.
        if (err instanceof AppError && [400, 403, 404].includes(err.status)) return null;
        throw err;
      }
      return {
        entry: toEntry(handle.item),
        redirectUrl: () => fs.redirectUrl(handle.resolved, 'download'),
        read: (range) => handle.read(range),
      };
    },

    async write(actor, path, body: Readable, options) {
      const maxBytes = await deps.maxUploadBytes();
      if (options.size !== null && options.size > maxBytes)
        throw tooLarge(`the upload has ${options.size} bytes; the limit is ${maxBytes} bytes`);
      const resolved = await fs.resolve(actor, path, 'write');
      const driver = resolved.driver;
      if (options.size !== null && wantsSinglePut(options) && canPresign(driver)) {
        const url = await driver.presignPut(resolved.storagePath, {
          contentType: options.contentType,
          expiresInSeconds: 3600,
        });
        const size = options.size;
        try {
          return await admitWrite(driver, resolved.storagePath, size, () =>
            putToPresigned(url, body, size, options.contentType, options.signal),
          );
        } finally {
          await fs.afterWrite(resolved);
        }
      }
      const result = await fs.write(actor, path, body, {
        size: options.size ?? undefined,
        contentType: options.contentType,
        maxBytes,
        signal: options.signal,
        // The PUT's request body: nothing else reads its chunks.
        releaseChunks: true,
      });
      return { etag: result.item.etag };
    },

    async mkdir(actor, path) {
      await fs.mkdir(actor, path);
    },

    remove: (actor, path) => fs.remove(actor, path),

    sameMount,

    async copy(actor, from, to, options) {
      await fs.copy(actor, from, to, { overwrite: true, shallow: options.shallow });
    },

    async move(actor, from, to) {
      if (await sameMount(actor, from, to)) {
        await fs.rename(actor, from, to);
        return;
      }
      // Across mounts (and storages): copy everything, then remove the source only once the copy landed.
      await fs.copy(actor, from, to, { overwrite: true });
      await fs.remove(actor, from);
    },

    async quota(actor, path) {
      if (path === '/') return null;
      const resolved = await fs.resolve(actor, path, 'read');
      return deps.quota(resolved.mount.storageConfigId);
    },
  };
}
