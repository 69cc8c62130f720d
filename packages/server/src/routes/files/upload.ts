/**
 * `POST /upload`: multipart/form-data parsed by multer with a storage engine that streams the file part
 * straight into the storage driver (nothing buffered; multer keeps only the small text fields). The size
 * limit is checked from Content-Length before reading and again on the bytes as they stream.
 */

import type { Readable } from 'node:stream';
import multer from '@koa/multer';
import type Router from '@koa/router';
import { AppError, badRequest, tooLarge } from '../../http/appError.ts';
import { actorOf } from '../../http/auth.ts';
import type { RouteDeps } from '../../services/container.ts';
import type { StagedUpload } from '../../services/files/uploadService.ts';

/** Room for the text fields and multipart framing around a file at the limit. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
const LIMITS = { files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024, fieldNameSize: 100 };

export function registerUploadRoute(router: Router, { services, auth }: RouteDeps): void {
  const { uploads } = services.files;

  router.post('/upload', auth('file'), async (ctx) => {
    const actor = actorOf(ctx);
    const limit = await services.settings.maxUploadBytes();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > limit + FORM_OVERHEAD_BYTES) {
      // Do not read a body we already refused.
      ctx.set('Connection', 'close');
      throw tooLarge(`the upload has ${declared} bytes; the limit is ${limit} bytes`);
    }
    if (!ctx.is('multipart/form-data')) throw badRequest('POST /upload takes multipart/form-data');

    let staged: StagedUpload | null = null;
    const storage: multer.StorageEngine = {
      _handleFile(req, file, callback) {
        const fieldsSoFar = { ...(req as unknown as { body: Record<string, unknown> }).body };
        const part = file as unknown as { stream: Readable; originalname: string; mimetype: string };
        uploads
          .stage(
            actor,
            fieldsSoFar,
            { stream: part.stream, filename: part.originalname, mimetype: part.mimetype },
            limit,
          )
          .then((s) => {
            staged = s;
            callback(null, { size: s.row.size } as never);
          }, callback);
      },
      _removeFile(_req, _file, callback) {
        const s = staged;
        staged = null;
        if (!s) return callback(null as never);
        uploads.discard(s).then(() => callback(null as never), callback);
      },
    };
    try {
      await multer({ storage, limits: LIMITS, defParamCharset: 'utf8' } as multer.Options).single('file')(
        ctx,
        async () => {},
      );
    } catch (err) {
      ctx.set('Connection', 'close');
      // The client went away mid-upload: nothing to report but that (the pending record is already gone).
      if (!ctx.req.complete) throw new AppError(400, 'CANCELLED', 'the upload was cancelled by the client');
      throw err;
    }
    if (!staged) throw badRequest('body.file is required');
    const done: StagedUpload = staged;
    ctx.status = 201;
    ctx.body = await uploads.finish(done, { ...(ctx.request.body as Record<string, unknown>) });
  });
}
