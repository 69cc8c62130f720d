/**
 * Thumbnails of images in mounts (ADR 0075): looked up in the database every process shares, made on a
 * miss from the source read once (bounded in bytes, decoded by content) and kept for the next asker. The
 * key names the source's version, so a changed file gets a new thumbnail and never its old one.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { FsFileHandle } from '../fs/types.ts';
import { tooLarge } from '../http/appError.ts';
import { makeThumbnail, notAnImage } from './makeThumbnail.ts';
import {
  CACHE_IDLE_MS,
  CACHE_MAX_BYTES,
  CONCURRENT_MAKES,
  MAX_SOURCE_BYTES,
  OUTPUT_TYPE,
  SVG,
} from './thumbnailRules.ts';
import type { ThumbnailStore } from './thumbnailStore.ts';

export interface Thumbnail {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: string;
  /** Quoted, strong: the same for the same source version and size on every process. */
  etag: string;
}

/** Bumped when the way thumbnails are made changes, so none made the old way is served. */
const RECIPE = 'thumb-v1';
const sha256 = (parts: (string | number)[]) => createHash('sha256').update(parts.join('\n')).digest('hex');

function sourceOf(file: FsFileHandle) {
  const { item, resolved } = file;
  const sourceKey = sha256([resolved.mount.storageConfigId, resolved.storagePath]);
  return { sourceKey, version: [item.etag ?? '', item.size ?? '', item.modified ?? ''].join('|') };
}

export function createThumbnailService(deps: { store: ThumbnailStore; now(): number; logger: Logger }) {
  const { store } = deps;
  const gate = createGate(CONCURRENT_MAKES);

  const keyOf = (file: FsFileHandle, size: number) => {
    const { sourceKey, version } = sourceOf(file);
    return { sourceKey, key: sha256([RECIPE, sourceKey, version, size]) };
  };
  const etagOf = (key: string) => `"t${key.slice(0, 40)}"`;

  /** What is decided from the listing's facts alone, before a byte is read. */
  function refuseUnread(file: FsFileHandle): void {
    const { item } = file;
    if (SVG.test(item.mimetype ?? '') || SVG.test(item.name))
      throw notAnImage('SVG images are shown by their type icon, never rasterised on the server');
    if (item.type !== 'image') throw notAnImage(`${item.name} is not an image`);
    if ((item.size ?? 0) > MAX_SOURCE_BYTES)
      throw tooLarge(
        `no thumbnail: ${item.name} is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MiB, the most a thumbnail is made from`,
      );
  }

  return {
    /** The ETag a request for this file at this size will be answered with (for If-None-Match). */
    etag: (file: FsFileHandle, size: number) => etagOf(keyOf(file, size).key),

    async thumbnail(file: FsFileHandle, size: number): Promise<Thumbnail & { made: boolean }> {
      refuseUnread(file);
      const { key, sourceKey } = keyOf(file, size);
      const answer = (t: { bytes: Buffer; width: number; height: number }, made: boolean) => ({
        bytes: t.bytes,
        width: t.width,
        height: t.height,
        contentType: OUTPUT_TYPE,
        etag: etagOf(key),
        made,
      });
      const kept = await store.get(key, deps.now());
      if (kept) return answer(kept, false);
      const made = await gate(async () => makeThumbnail(await readAll(file), size));
      await store.put({ key, source_key: sourceKey, size, ...made }, deps.now());
      return answer(made, true);
    },

    /** Unused thumbnails go, then the least recently used past the byte budget. */
    async sweep(): Promise<void> {
      const { removed } = await store.sweep(deps.now() - CACHE_IDLE_MS, CACHE_MAX_BYTES);
      if (removed > 0) deps.logger.info({ removed }, 'thumbnails swept');
    },
  };
}

export type ThumbnailService = ReturnType<typeof createThumbnailService>;

/** The whole source, refused past the byte limit even when the storage said it was smaller. */
async function readAll(file: FsFileHandle): Promise<Buffer> {
  const { stream } = await file.read();
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as Readable) {
      total += chunk.length;
      if (total > MAX_SOURCE_BYTES)
        throw tooLarge(`no thumbnail: ${file.item.name} is larger than the most a thumbnail is made from`);
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, total);
}

/** At most `limit` of these run at once in this process (each holds a decoded source in memory). */
function createGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    // A finishing run hands its slot straight to the next in line, so no newcomer slips in between.
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
