/**
 * The anonymous side of an upload request, `/public/r/{slug}`: its info, the password check, and the
 * resumable upload (start, raw parts of at most 5 MiB, status, complete). Every call of an upload sends
 * `X-Upload-Token`; a protected request's start and complete also send `X-Share-Token`.
 *
 * Each route runs through `publicAccess`, which hands what the call did to the access log once it ended:
 * the info, the password check, an upload's start and completion, and any refused call (an upload's
 * accepted parts and status reads are steps of one upload, not events of their own).
 */
import {
  type AccessOutcome,
  passwordBodySchema,
  requestUploadStartBodySchema,
  SHARE_TOKEN_HEADER,
  UPLOAD_TOKEN_HEADER,
} from '@clip/sdk/contract';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { AppError, badRequest } from '../../../http/appError.ts';
import { discardBody } from '../../../http/drainRequest.ts';
import { checkBody } from '../../../http/validate.ts';
import type { RouteDeps } from '../../../services/container.ts';
import type { AccessRecorder } from '../../core/accessLog/accessRecorder.ts';
import { visitOf } from '../../core/accessLog/visit.ts';
import type { RequestAccess } from '../requestUploads.ts';

type RequestAction = 'view' | 'upload' | 'verify';

function outcomeOf(err: unknown): AccessOutcome {
  if (!(err instanceof AppError)) return 'refused';
  if (err.code === 'WRONG_PASSWORD') return 'wrong_password';
  if (err.status === 410) return 'expired';
  if (err.status === 413) return 'used_up';
  return 'refused';
}

/** `quiet`: an accepted call is a step of an upload already logged, so only a refusal is an event. */
function publicAccess(recorder: AccessRecorder) {
  return async (
    ctx: Context,
    action: RequestAction,
    work: (access: RequestAccess) => Promise<unknown>,
    quiet = false,
  ): Promise<void> => {
    const access: RequestAccess = { share: null, bytes: 0, path: null };
    let outcome: AccessOutcome = 'ok';
    try {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await work(access);
    } catch (err) {
      outcome = outcomeOf(err);
      throw err;
    } finally {
      if (access.share && !(quiet && outcome === 'ok')) {
        const { id, owner } = access.share;
        recorder.record(
          visitOf(ctx),
          { kind: 'request', id, owner },
          { action, outcome, bytes: access.bytes, path: access.path },
        );
      }
    }
  };
}

const header = (ctx: Context, name: string): string | undefined => ctx.get(name) || undefined;
const queryToken = (ctx: Context): string | undefined =>
  typeof ctx.query.token === 'string' ? ctx.query.token : undefined;

function partNumberOf(raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 10_000)
    throw badRequest(`part number "${raw}" must be 1 to 10000`);
  return n;
}

export function registerPublicUploadRequestRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { uploads } = services.uploadRequests;
  const logged = publicAccess(services.accessRecorder);
  const base = '/public/r/:slug';

  router.get(base, auth('public'), (ctx) =>
    logged(ctx, 'view', (access) =>
      uploads.info(ctx.params.slug, header(ctx, SHARE_TOKEN_HEADER) ?? queryToken(ctx), access),
    ),
  );

  router.post(`${base}/verify`, auth('public'), (ctx) =>
    logged(ctx, 'verify', (access) => {
      const { password } = checkBody(passwordBodySchema, ctx.request.body);
      return uploads.verify(ctx.params.slug, password, ctx.ip, access);
    }),
  );

  router.post(`${base}/uploads`, auth('public'), async (ctx) => {
    await logged(ctx, 'upload', (access) =>
      uploads.start(
        ctx.params.slug,
        checkBody(requestUploadStartBodySchema, ctx.request.body),
        header(ctx, SHARE_TOKEN_HEADER),
        access,
      ),
    );
    ctx.status = 201;
  });

  router.put(`${base}/uploads/:uploadId/parts/:n`, auth('public'), (ctx) =>
    logged(
      ctx,
      'upload',
      async (access) => {
        const declared = ctx.get('content-length') === '' ? null : Number(ctx.get('content-length'));
        try {
          return await uploads.part(
            ctx.params.slug,
            ctx.params.uploadId,
            partNumberOf(ctx.params.n),
            header(ctx, UPLOAD_TOKEN_HEADER),
            {
              body: ctx.req,
              contentLength: declared !== null && Number.isSafeInteger(declared) ? declared : null,
            },
            access,
          );
        } catch (err) {
          // The refusal is read only once the client may stop sending: the rest of a small body is drained.
          discardBody(ctx.req);
          throw err;
        }
      },
      true,
    ),
  );

  router.get(`${base}/uploads/:uploadId`, auth('public'), (ctx) =>
    logged(
      ctx,
      'upload',
      (access) =>
        uploads.status(ctx.params.slug, ctx.params.uploadId, header(ctx, UPLOAD_TOKEN_HEADER), access),
      true,
    ),
  );

  router.post(`${base}/uploads/:uploadId/complete`, auth('public'), (ctx) =>
    logged(ctx, 'upload', (access) =>
      uploads.complete(
        ctx.params.slug,
        ctx.params.uploadId,
        header(ctx, UPLOAD_TOKEN_HEADER),
        header(ctx, SHARE_TOKEN_HEADER),
        access,
      ),
    ),
  );
}
