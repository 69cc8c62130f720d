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
import { loadMulter } from '../../http/multipart.ts';
import type { RouteDeps } from '../../services/container.ts';
import { removeSpooled, spoolDir, spoolPart, withSpoolRead } from '../../uploads/spool.ts';

/** Room for the text fields and multipart framing around a file at the limit. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
const LIMITS = { files: 1, fields: 10, parts: 11, fieldSize: 8 * 1024, fieldNameSize: 100 };

const flag = (v: unknown) => v === true || v === 'true' || v === '1';
/** The fs write's own wording of the refusal (fs/writes.ts), whether the part streams or spools. */
const tooLargeMessage = (limit: number) => `the upload is larger than the limit of ${limit} bytes`;

interface FilePart {
  stream: Readable;
  originalname: string;
  mimetype: string;
}

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

  let result: FsUploadResult | null = null;
  let spooled: { file: string; name: string; type: string } | null = null;
  // The stream machinery may report the abort that follows instead of the limit that caused it.
  let limitError: AppError | null = null;
  // Errors our own engine gave multer (storage, spool); anything else multer throws is the form's fault.
  const engineErrors = new Set<unknown>();

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
      createParents: flag(fields.create_parents),
      // The form's file part or the spool's read: nothing else reads its chunks, so the storage frees
      // each once used (busboy passes most file bytes on as a slice spanning a whole request chunk;
      // ADR 0033).
      releaseChunks: true,
    });
    return { item: written.item };
  };

  const storage: multer.StorageEngine = {
    _handleFile(req, file, callback) {
      const fields = { ...(req as unknown as { body: Record<string, unknown> }).body };
      const part = file as unknown as FilePart;
      const name = part.originalname;
      if (!name) return callback(badRequest('the file part has no file name'));
      if (fields.path !== undefined) {
        store(fields.path, { name, type: part.mimetype, body: part.stream }, fields).then(
          (r) => {
            result = r;
            callback(null, {} as never);
          },
          (err) => {
            engineErrors.add(err);
            part.stream.resume();
            callback(err);
          },
        );
        return;
      }
      // `path` has not arrived yet: spool to a temp file below the data dir, with the size limit.
      spoolPart(part.stream, limit, spoolDir(config.dataDir), tooLargeMessage(limit)).then(
        (s) => {
          spooled = { file: s.path, name, type: part.mimetype };
          callback(null, {} as never);
        },
        (err) => {
          if (err instanceof AppError && err.status === 413) limitError = err;
          engineErrors.add(err);
          callback(err);
        },
      );
    },
    _removeFile(_req, _file, callback) {
      callback(null as never);
    },
  };

  try {
    await (await loadMulter())({ storage, limits: LIMITS, defParamCharset: 'utf8' } as multer.Options)
      .single('file')(ctx, async () => {})
      .catch((err: unknown) => {
        throw formFailure(err);
      });
    const fields = (ctx.request as unknown as { body?: Record<string, unknown> }).body ?? {};
    if (!result && !spooled) throw badRequest('the form has no "file" part');
    if (spooled) {
      const s = spooled as { file: string; name: string; type: string };
      if (fields.path === undefined) throw badRequest('the form has no "path" field (the target folder)');
      result = await withSpoolRead(s.file, (body) =>
        store(fields.path, { name: s.name, type: s.type, body }, fields),
      );
    }
    return result as FsUploadResult;
  } catch (err) {
    if (limitError) throw limitError;
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; message?: string };
    if (e?.code === 'LIMIT_UNEXPECTED_FILE') throw badRequest('the file part must be named "file"');
    if (engineErrors.has(err)) throw err;
    // A cut-short body, a missing boundary, a malformed part header: the form's fault, never a 5xx.
    throw badRequest(`malformed multipart form: ${e?.message ?? String(err)}`);
  } finally {
    const s = spooled as { file: string } | null;
    if (s) await removeSpooled(s.file);
  }
}

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
