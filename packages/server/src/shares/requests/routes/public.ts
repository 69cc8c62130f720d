/**
 * The anonymous side of an upload request, `/public/r/{slug}`: its info, the password check, and the
 * resumable upload (start, raw parts of at most 5 MiB, status, complete). Every call of an upload sends
 * `X-Upload-Token`; a protected request's start and complete also send `X-Share-Token`.
 *
 * Each route runs through `publicAccess`, the one place that knows, once the call ended, what it did:
 * `ctx.state.shareAccess` = { share_kind 'request', share_id, action, outcome, bytes, path } (issue 30's
 * access log reads it there).
 */
import {
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
import type { RequestAccess } from '../requestUploads.ts';

export type RequestAction = 'view' | 'upload' | 'verify';
export type AccessOutcome = 'ok' | 'wrong_password' | 'expired' | 'used_up' | 'refused';

export interface ShareAccessEvent {
  share_kind: 'request';
  share_id: string | null;
  action: RequestAction;
  outcome: AccessOutcome;
  bytes: number;
  path: string | null;
}

function outcomeOf(err: unknown): AccessOutcome {
  if (!(err instanceof AppError)) return 'refused';
  if (err.code === 'WRONG_PASSWORD') return 'wrong_password';
  if (err.status === 410) return 'expired';
  if (err.status === 413) return 'used_up';
  return 'refused';
}

/** Runs a public call and leaves what it did on `ctx.state.shareAccess`, whether it succeeded or not. */
async function publicAccess(
  ctx: Context,
  action: RequestAction,
  work: (access: RequestAccess) => Promise<unknown>,
): Promise<void> {
  const access: RequestAccess = { shareId: null, bytes: 0, path: null };
  let outcome: AccessOutcome = 'ok';
  try {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await work(access);
  } catch (err) {
    outcome = outcomeOf(err);
    throw err;
  } finally {
    const event: ShareAccessEvent = {
      share_kind: 'request',
      share_id: access.shareId,
      action,
      outcome,
      bytes: access.bytes,
      path: access.path,
    };
    ctx.state.shareAccess = event;
  }
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

export function registerPublicUploadRequestRoutes(router: Router, { services }: RouteDeps): void {
  const { uploads } = services.uploadRequests;
  const base = '/public/r/:slug';

  router.get(base, (ctx) =>
    publicAccess(ctx, 'view', (access) =>
      uploads.info(ctx.params.slug, header(ctx, SHARE_TOKEN_HEADER) ?? queryToken(ctx), access),
    ),
  );

  router.post(`${base}/verify`, (ctx) =>
    publicAccess(ctx, 'verify', (access) => {
      const { password } = checkBody(passwordBodySchema, ctx.request.body);
      return uploads.verify(ctx.params.slug, password, ctx.ip, access);
    }),
  );

  router.post(`${base}/uploads`, async (ctx) => {
    await publicAccess(ctx, 'upload', (access) =>
      uploads.start(
        ctx.params.slug,
        checkBody(requestUploadStartBodySchema, ctx.request.body),
        header(ctx, SHARE_TOKEN_HEADER),
        access,
      ),
    );
    ctx.status = 201;
  });

  router.put(`${base}/uploads/:uploadId/parts/:n`, (ctx) =>
    publicAccess(ctx, 'upload', async (access) => {
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
    }),
  );

  router.get(`${base}/uploads/:uploadId`, (ctx) =>
    publicAccess(ctx, 'upload', (access) =>
      uploads.status(ctx.params.slug, ctx.params.uploadId, header(ctx, UPLOAD_TOKEN_HEADER), access),
    ),
  );

  router.post(`${base}/uploads/:uploadId/complete`, (ctx) =>
    publicAccess(ctx, 'upload', (access) =>
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
