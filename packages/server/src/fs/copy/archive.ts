/**
 * `download` tasks: the server packs files and folders (`POST .../fs/archive`) into one ZIP archive written
 * to a path in a mount, which the caller then downloads like any file. Entries are stored, not compressed
 * (most large files are compressed already, and the CPU stays free); the archive streams from the sources
 * through the ZIP writer into the storage write, so memory stays near one chunk per stage. The writer has
 * no ZIP64, so an archive holds at most 65,535 entries and 4 GiB.
 *
 * The archive is one stream: a task taken over after a restart writes it again from the start (the write
 * is atomic, so no half archive is ever visible at the target).
 */
import { PassThrough } from 'node:stream';
import type { ArchiveBody, BatchCopyQueued } from '@clip/sdk';
import { Zip, ZipPassThrough } from 'fflate';
import { badRequest, conflict } from '../../http/appError.ts';
import type { Actor } from '../../services/actor.ts';
import { checkWrite } from '../../services/admission/admittedDriver.ts';
import { pathSummary } from '../../tasks/pathSummary.ts';
import type { TaskRunner } from '../../tasks/runner.ts';
import type { TaskService } from '../../tasks/taskService.ts';
import { fsStorageError, onStorage } from '../errors.ts';
import { baseNameOf, parentPath } from '../paths.ts';
import type { FsService } from '../types.ts';

export const ARCHIVE_MAX_ENTRIES = 65_535;
/** The classic ZIP format's limit, less room for the headers. */
export const ARCHIVE_MAX_BYTES = 4 * 1024 ** 3 - 64 * 1024 * 1024;

interface ArchiveEntry {
  /** Virtual path of the source. */
  source: string;
  /** Name inside the archive ('/'-separated; folders end with '/'). */
  name: string;
  size: number;
  folder: boolean;
}

interface ArchivePayload {
  /** One item: the archive itself. */
  items: { target: string }[];
  entries: ArchiveEntry[];
}

export interface ArchiveService {
  archive(actor: Actor, body: ArchiveBody): Promise<BatchCopyQueued>;
}

export function createArchive(deps: {
  fs: FsService;
  tasks: TaskService;
  runner: TaskRunner;
}): ArchiveService {
  const { fs, tasks } = deps;

  async function plan(actor: Actor, paths: string[]): Promise<{ entries: ArchiveEntry[]; bytes: number }> {
    const entries: ArchiveEntry[] = [];
    let bytes = 0;
    const add = (entry: ArchiveEntry) => {
      if (entries.length >= ARCHIVE_MAX_ENTRIES)
        throw badRequest(`an archive holds at most ${ARCHIVE_MAX_ENTRIES} files and folders`);
      bytes += entry.size;
      if (bytes > ARCHIVE_MAX_BYTES)
        throw badRequest(`an archive holds at most ${ARCHIVE_MAX_BYTES} bytes: archive fewer files`);
      entries.push(entry);
    };
    const names = new Set<string>();
    for (const raw of paths) {
      const from = await fs.resolve(actor, raw, 'read');
      const name = baseNameOf(from.path);
      if (names.has(name)) throw badRequest(`two selected paths are both named "${name}"`);
      names.add(name);
      const item = await fs.stat(actor, from.path);
      if (!item) throw conflict(`"${from.path}" not found`);
      if (item.type !== 'folder') {
        add({ source: from.path, name, size: item.size ?? 0, folder: false });
        continue;
      }
      const stack = [{ dir: from.path, prefix: `${name}/` }];
      while (stack.length) {
        const { dir, prefix } = stack.pop()!;
        add({ source: dir, name: prefix, size: 0, folder: true });
        const listing = await fs.listAll(actor, dir, { refresh: true });
        for (const child of listing.items) {
          if (child.type === 'folder') stack.push({ dir: child.path, prefix: `${prefix}${child.name}/` });
          else
            add({ source: child.path, name: `${prefix}${child.name}`, size: child.size ?? 0, folder: false });
        }
      }
    }
    return { entries, bytes };
  }

  deps.runner.register('download', {
    describe: (item: { target: string }) => item.target,
    async runItem(item: { target: string }, payload, ctx) {
      const p = payload as unknown as ArchivePayload;
      // The owner's scope as it is now (ctx.actor), not only as it was when the task was made.
      const to = await fs.resolve(ctx.actor, item.target, 'write');
      const out = new PassThrough({ highWaterMark: 1024 * 1024 });
      let failure = null as Error | null;
      const zip = new Zip((err, chunk, final) => {
        if (err) {
          failure = err;
          out.destroy(err);
          return;
        }
        out.write(chunk);
        if (final) out.end();
      });
      let written = 0;
      // The storage write consumes the archive while it is produced below.
      const writing = onStorage(to.path, () =>
        to.driver.write(to.storagePath, out, { contentType: 'application/zip', signal: ctx.signal }),
      );
      writing.catch(() => {}); // awaited below; a failure also stops the feeding loop through `out`
      const drained = () =>
        out.writableNeedDrain
          ? new Promise<void>((resolve, reject) => {
              out.once('drain', resolve);
              out.once('close', () => reject(failure ?? new Error('the archive write stopped')));
            })
          : Promise.resolve();
      try {
        for (const entry of p.entries) {
          ctx.checkpoint();
          const file = new ZipPassThrough(entry.name);
          zip.add(file);
          if (entry.folder) {
            file.push(new Uint8Array(0), true);
            continue;
          }
          // Read permission is checked again as the task runs, not only when it was made.
          const read = await fs.read(ctx.actor, entry.source);
          for await (const chunk of read.stream) {
            if (out.destroyed) throw failure ?? new Error('the archive write stopped');
            // A cancel stops a large entry midway too; the write is then abandoned whole.
            ctx.checkpoint();
            file.push(chunk as Buffer);
            written += (chunk as Buffer).length;
            ctx.addBytes((chunk as Buffer).length);
            await drained();
          }
          file.push(new Uint8Array(0), true);
          await drained();
        }
        zip.end();
        await writing;
      } catch (err) {
        out.destroy(err as Error);
        await writing.catch(() => {});
        ctx.addBytes(-written);
        throw fsStorageError(err, to.path);
      }
      await fs.afterWrite(to);
      return { status: 'success', path: to.path };
    },
  });

  return {
    async archive(actor, body) {
      const to = await fs.resolve(actor, body.targetPath, 'write');
      if (to.subPath === '') throw badRequest(`"${to.path}" is a mount's root: name the archive file`);
      const parent = await fs.stat(actor, parentPath(to.path));
      if (parent?.type !== 'folder') throw conflict(`target folder "${parentPath(to.path)}" does not exist`);
      if (await fs.stat(actor, to.path)) throw conflict(`"${to.path}" exists already`);
      const { entries, bytes } = await plan(actor, body.paths);
      // Known now: an archive over max_upload_size or the capacity left is refused before it is queued.
      await checkWrite(to.driver, bytes);
      const payload: ArchivePayload = { items: [{ target: to.path }], entries };
      const task = await tasks.create(actor, {
        type: 'download',
        payload: payload as unknown as ArchivePayload & { [k: string]: unknown },
        bytesTotal: bytes,
        source: pathSummary(body.paths),
        target: to.path,
      });
      return { task_id: task.id };
    },
  };
}
