/**
 * `POST .../fs/upload` (FormData `file`, `path` = target folder, `use_multipart`, `create_parents`), in
 * any field order. When `path` came before the file, the file part streams straight into storage; when
 * it comes after, the part is spooled to a temporary file under the data directory first (we cannot know
 * where bytes go before `path`), then streamed from there. Nothing is ever held whole in memory.
 */
import type { Readable } from 'node:stream';
import type { FsUploadResult } from '@clip/sdk';
import type multer from '@koa/multer';
import type { Context } from 'koa';
import { checkName, joinVirtual, normalizeVirtualPath } from '../../fs/paths.ts';
import { AppError, badRequest, tooLarge } from '../../http/appError.ts';
import { actorOf } from '../../http/auth.ts';
import type { RouteDeps } from '../../services/container.ts';
import {
  emptyFormFile,
  FORM_OVERHEAD_BYTES,
  fileEngine,
  formFlag,
  loadMulter,
} from '../../uploads/formParser.ts';
import { removeSpooled, spoolDir, withSpoolRead } from '../../uploads/spool.ts';

const LIMITS = { files: 1, fields: 10, parts: 11, fieldSize: 8 * 1024, fieldNameSize: 100 };

/** The fs write's own wording of the refusal (fs/writes.ts), whether the part streams or spools. */
const tooLargeMessage = (limit: number) => `the upload is larger than the limit of ${limit} bytes`;

export async function handleFsUpload(ctx: Context, { services }: RouteDeps): Promise<FsUploadResult> {
  const actor = actorOf(ctx);
  const { fs, settings, config } = services;
  const limit = await settings.maxUploadBytes();
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit + FORM_OVERHEAD_BYTES) {
    ctx.set('Connection', 'close');
    throw tooLarge(`the upload has ${declared} bytes; the limit is ${limit} bytes`);
  }
  if (!ctx.is('multipart/form-data')) throw badRequest('fs/upload takes multipart/form-data');

  const form = emptyFormFile<FsUploadResult>();
  const store = async (
    folderRaw: unknown,
    part: { name: string; type: string; body: Readable },
    fields: Record<string, unknown>,
  ) => {
    const folder = normalizeVirtualPath(folderRaw);
    const name = checkName(part.name, 'file name');
    const written = await fs.write(actor, joinVirtual(folder, name), part.body, {
      contentType: part.type && part.type !== 'application/octet-stream' ? part.type : undefined,
      maxBytes: limit,
      createParents: formFlag(fields.create_parents),
      // The form's file part or the spool's read: nothing else reads its chunks, so the storage frees
      // each once used (busboy passes most file bytes on as a slice spanning a whole request chunk;
      // ADR 0033).
      releaseChunks: true,
    });
    return { item: written.item };
  };

  const storage = fileEngine(form, {
    routed: (fields) => fields.path !== undefined,
    place: (fields, part) =>
      store(fields.path, { name: part.filename, type: part.mimetype, body: part.stream }, fields).catch(
        (err) => {
          // Keep reading, so the rest of the form can still be parsed (or drained).
          part.stream.resume();
          throw err;
        },
      ),
    refuse: (part) => (part.filename ? null : badRequest('the file part has no file name')),
    spool: { dir: spoolDir(config.dataDir), limitBytes: limit, tooLargeMessage: tooLargeMessage(limit) },
  });

  try {
    await (await loadMulter())({ storage, limits: LIMITS, defParamCharset: 'utf8' } as multer.Options)
      .single('file')(ctx, async () => {})
      .catch((err: unknown) => {
        throw formFailure(err);
      });
    const fields = (ctx.request as unknown as { body?: Record<string, unknown> }).body ?? {};
    const late = form.spooled;
    if (!form.placed && !late) throw badRequest('the form has no "file" part');
    if (late) {
      if (fields.path === undefined) throw badRequest('the form has no "path" field (the target folder)');
      form.placed = await withSpoolRead(late.path, (body) =>
        store(fields.path, { name: late.filename, type: late.mimetype, body }, fields),
      );
    }
    return form.placed as FsUploadResult;
  } catch (err) {
    // The stream machinery may report the abort that follows instead of the limit that caused it.
    if (isTooLarge(form.spoolError)) throw form.spoolError;
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; message?: string };
    if (e?.code === 'LIMIT_UNEXPECTED_FILE') throw badRequest('the file part must be named "file"');
    if (err === form.engineError) throw err;
    // A cut-short body, a missing boundary, a malformed part header: the form's fault, never a 5xx.
    throw badRequest(`malformed multipart form: ${e?.message ?? String(err)}`);
  } finally {
    if (form.spooled) await removeSpooled(form.spooled.path);
  }
}

const isTooLarge = (err: unknown) => err instanceof AppError && err.status === 413;

/**
 * A failed form is the client's 400 (a cut or malformed body: busboy's "Unexpected end of form"), except
 * our own refusals, multer's limits, and system errors of the spool (ENOSPC, EACCES, ...).
 */
function formFailure(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown })?.code;
  if (typeof code === 'string' && (code.startsWith('LIMIT_') || /^E[A-Z]+$/.test(code))) return err;
  return badRequest(`malformed multipart form: ${err instanceof Error ? err.message : String(err)}`);
}
