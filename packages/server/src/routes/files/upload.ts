/**
 * `POST /upload`: multipart/form-data parsed by multer with a storage engine that streams the file part
 * straight into the storage driver when the form named its placement (`s3_config_id`, `path`) before the
 * file; otherwise the part is spooled to a temporary file until the form ends (any field order works),
 * which a local storage then takes over by a rename (`curl -F file=@...` writes the bytes once).
 * The size limit is checked from Content-Length before reading and again on the bytes as they stream.
 * However malformed the form, the request answers 4xx: every stream error ends in the catch below.
 */

import type multer from '@koa/multer';
import type Router from '@koa/router';
import { AppError, badRequest, tooLarge } from '../../http/appError.ts';
import { actorOf } from '../../http/auth.ts';
import { capRequestBody, DRAIN_BYTES, discardBody } from '../../http/drainRequest.ts';
import type { RouteDeps } from '../../services/container.ts';
import type { StagedUpload } from '../../shares/files/uploadService.ts';
import { emptyFormFile, FORM_OVERHEAD_BYTES, fileEngine, loadMulter } from '../../uploads/formParser.ts';
import { removeSpooled, spoolDir } from '../../uploads/spool.ts';

const LIMITS = { files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024, fieldNameSize: 100 };
const ROUTING_FIELDS = ['s3_config_id', 'path'];

export function registerUploadRoute(router: Router, { services, auth }: RouteDeps): void {
  const { uploads } = services.files;
  const tempDir = spoolDir(services.config.dataDir);

  router.post('/upload', auth('file'), async (ctx) => {
    const actor = actorOf(ctx);
    const limit = await services.settings.maxUploadBytes();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > limit + FORM_OVERHEAD_BYTES) {
      // Keep reading (a bounded amount of) what the client is sending, so it gets to read the refusal.
      discardBody(ctx.req);
      throw tooLarge(`the upload has ${declared} bytes; the limit is ${limit} bytes`);
    }
    if (!ctx.is('multipart/form-data')) {
      discardBody(ctx.req);
      throw badRequest('POST /upload takes multipart/form-data');
    }

    const form = emptyFormFile<StagedUpload>();
    const storage = fileEngine(form, {
      routed: (fields) => ROUTING_FIELDS.every((name) => name in fields),
      place: (fields, part) =>
        uploads.stage(
          actor,
          fields,
          { stream: part.stream, filename: part.filename, mimetype: part.mimetype },
          limit,
        ),
      discard: (staged) => uploads.discard(staged),
      spool: { dir: tempDir, limitBytes: limit },
    });
    try {
      try {
        capRequestBody(ctx.req, limit + FORM_OVERHEAD_BYTES + DRAIN_BYTES);
        await (await loadMulter())({
          storage,
          limits: LIMITS,
          defParamCharset: 'utf8',
        } as multer.Options).single('file')(ctx, async () => {});
      } catch (err) {
        // Answer only once the part's record and object are gone (multer does not wait when the part
        // stream itself fails), and drop a part the engine finished storing just as the form failed.
        await form.work;
        if (form.placed) {
          await uploads.discard(form.placed);
          form.placed = null;
        }
        if (!ctx.req.complete) {
          ctx.set('Connection', 'close');
          // The client went away mid-upload: nothing to report but that (the pending record is already gone).
          if (ctx.req.destroyed)
            throw new AppError(400, 'CANCELLED', 'the upload was cancelled by the client');
        }
        throw formError(err, form.engineError, form.partErrors);
      }
      const fields = { ...(ctx.request.body as Record<string, unknown>) };
      const late = form.spooled;
      if (late) {
        form.placed = await uploads.stage(
          actor,
          fields,
          { stream: null, spooled: late, filename: late.filename, mimetype: late.mimetype },
          limit,
        );
      }
      if (!form.placed) throw badRequest('body.file is required');
      ctx.status = 201;
      ctx.body = await uploads.finish(form.placed, fields);
    } finally {
      if (form.spooled) await removeSpooled(form.spooled.path);
    }
  });
}

/** What the client sees for a failed form: our engine's errors as they are, the form's as a 400. */
function formError(err: unknown, engineError: unknown, partErrors: Set<unknown>): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown })?.code;
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return err;
  if (err === engineError && !partErrors.has(err)) return err;
  const detail = err instanceof Error ? err.message : String(err);
  return badRequest(`malformed multipart form: ${detail}`);
}
