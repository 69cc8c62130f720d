/**
 * `POST .../fs/upload-batch`: many small files in one form (ADR 0093). Fields `path` (the target folder)
 * and `create_parents` come first; then up to FS_BATCH_MAX_FILES parts named `file`, each part's file
 * name its path relative to `path` (`a.txt`, `photos/2024/b.jpg`). Each file streams straight into
 * storage as it is read, never spooled: a file part before `path` is the form's 400. A file that cannot
 * be written (a bad name, outside the key's scope, a folder in the way, too large) is read into nothing,
 * leaves no object (the write lands whole or not at all) and is answered in `failed`; the others land.
 */

import type { Readable } from 'node:stream';
import {
  FS_BATCH_MAX_FILES,
  type FsBatchUploadFailure,
  type FsBatchUploadResult,
  type FsItem,
} from '@clip/sdk';
import type multer from '@koa/multer';
import type { Context } from 'koa';
import { checkName, joinVirtual, normalizeVirtualPath } from '../../fs/paths.ts';
import { AppError, badRequest, conflict, tooLarge } from '../../http/appError.ts';
import { actorOf } from '../../http/auth.ts';
import type { RouteDeps } from '../../services/container.ts';
import { detachablePart } from '../../uploads/detachablePart.ts';
import { FORM_OVERHEAD_BYTES, formFlag, loadMulter } from '../../uploads/formParser.ts';
import { batchFolders } from './batchFolders.ts';

const LIMITS = {
  files: FS_BATCH_MAX_FILES,
  fields: 10,
  parts: FS_BATCH_MAX_FILES + 10,
  fieldSize: 8 * 1024,
  fieldNameSize: 100,
};
/** Room per file for its part's headers (a long relative name) and framing. */
const PART_OVERHEAD_BYTES = 8 * 1024;

/** A relative name checked segment by segment: no `..`, no empty segment, no leading `/`. */
export function checkRelativeName(raw: string): string {
  if (raw === '') throw badRequest('the file part has no file name');
  const segments = raw.split('/');
  return segments.map((s) => checkName(s, 'file name')).join('/');
}

interface Batch {
  folder: string | null;
  createParents: boolean;
  /** Settles once the target folder is known good (checked once, at the first file). */
  ready: Promise<void> | null;
  items: (FsItem | undefined)[];
  /** The relative names that landed, by the form's order. */
  landed: (string | undefined)[];
  failed: FsBatchUploadFailure[];
  count: number;
}

export async function handleFsUploadBatch(
  ctx: Context,
  { services }: RouteDeps,
): Promise<FsBatchUploadResult> {
  const actor = actorOf(ctx);
  const { fs, settings } = services;
  const limit = await settings.maxUploadBytes();
  const declared = Number(ctx.get('content-length') || 0);
  const most = FS_BATCH_MAX_FILES * (limit + PART_OVERHEAD_BYTES) + FORM_OVERHEAD_BYTES;
  if (declared > most) {
    ctx.set('Connection', 'close');
    throw tooLarge(
      `the batch has ${declared} bytes; at most ${FS_BATCH_MAX_FILES} files of ${limit} bytes each fit in one`,
    );
  }
  if (!ctx.is('multipart/form-data')) throw badRequest('fs/upload-batch takes multipart/form-data');

  const batch: Batch = {
    folder: null,
    createParents: false,
    ready: null,
    items: [],
    landed: [],
    failed: [],
    count: 0,
  };
  const folders = batchFolders(fs, actor, () => batch.folder as string);
  /** Relative names (checked) of the files that failed after their sub-folders may have been made. */
  const failedNames: string[] = [];

  /** The folder, checked at the first file: missing (without create_parents) is the form's 409. */
  const start = async (fields: Record<string, unknown>) => {
    batch.folder = normalizeVirtualPath(fields.path);
    batch.createParents = formFlag(fields.create_parents);
    if (batch.createParents) return;
    const target = await fs.stat(actor, batch.folder);
    if (!target) throw conflict(`folder "${batch.folder}" does not exist (send create_parents to make it)`);
    if (target.type !== 'folder') throw conflict(`"${batch.folder}" is a file, not a folder`);
  };

  const storage: multer.StorageEngine = {
    _handleFile(req, file, callback) {
      const fields = (req as unknown as { body: Record<string, unknown> }).body;
      const raw = file as unknown as { stream: Readable; originalname?: string; mimetype: string };
      if (fields.path === undefined) {
        raw.stream.resume();
        return callback(
          badRequest('the "path" field (the target folder) must come before the first file part'),
        );
      }
      batch.ready ??= start(fields);
      const index = batch.count++;
      const part = detachablePart(raw.stream);
      let checked: string | null = null;
      const write = async () => {
        await batch.ready;
        const folder = batch.folder as string;
        const name = checkRelativeName(raw.originalname ?? '');
        checked = name;
        await folders.before(name);
        const written = await fs.write(actor, joinVirtual(folder, name), part.body, {
          contentType: raw.mimetype && raw.mimetype !== 'application/octet-stream' ? raw.mimetype : undefined,
          maxBytes: limit,
          // Sub-folders of a dropped tree are made as needed; the target folder itself was checked above.
          createParents: batch.createParents || name.includes('/'),
          releaseChunks: true,
        });
        return written.item;
      };
      write().then(
        (item) => {
          batch.items[index] = item;
          batch.landed[index] = checked ?? undefined;
          callback(null, {} as never);
        },
        async (err: unknown) => {
          part.drain();
          // The target folder's own refusal is the form's: nothing was written.
          if (!(err instanceof AppError) || (await isFormLevel(batch, err))) return callback(err as Error);
          batch.failed.push({ name: raw.originalname ?? '', status: err.status, message: err.message });
          if (checked?.includes('/')) failedNames.push(checked);
          callback(null, {} as never);
        },
      );
    },
    _removeFile(_req, _file, callback) {
      // A file that landed stays: a later part's form error does not undo it (ADR 0093).
      callback(null as never);
    },
  };

  try {
    await (await loadMulter())({
      storage,
      limits: LIMITS,
      preservePath: true,
      defParamCharset: 'utf8',
    } as multer.Options)
      .array('file', FS_BATCH_MAX_FILES)(ctx, async () => {})
      .catch((err: unknown) => {
        throw formFailure(err, batch);
      });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw formFailure(err, batch);
  }
  if (batch.count === 0) {
    const fields = (ctx.request as unknown as { body?: Record<string, unknown> }).body ?? {};
    if (fields.path === undefined) throw badRequest('the form has no "path" field (the target folder)');
    throw badRequest('the form has no "file" part');
  }
  if (failedNames.length)
    await folders.tidy(
      failedNames,
      batch.landed.filter((n): n is string => n !== undefined),
    );
  return { items: batch.items.filter((i): i is FsItem => i !== undefined), failed: batch.failed };
}

/** A refusal of the target folder (checked once) fails the whole form, not one file. */
async function isFormLevel(batch: Batch, err: unknown): Promise<boolean> {
  try {
    await batch.ready;
    return false;
  } catch (readyErr) {
    return readyErr === err;
  }
}

/** multer's limits and a cut or malformed body are the client's fault: 413 or 400, never a 5xx. */
function formFailure(err: unknown, batch: Batch): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown })?.code;
  if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') {
    if (batch.count >= FS_BATCH_MAX_FILES)
      return tooLarge(
        `a batch takes at most ${FS_BATCH_MAX_FILES} files: the first ${FS_BATCH_MAX_FILES} were handled, the rest not read; send them in another batch`,
      );
    return badRequest('the file parts must be named "file"');
  }
  if (typeof code === 'string' && code.startsWith('LIMIT_'))
    return badRequest(`the form breaks a limit (${code}): ${(err as Error).message}`);
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return err;
  return badRequest(`malformed multipart form: ${err instanceof Error ? err.message : String(err)}`);
}
