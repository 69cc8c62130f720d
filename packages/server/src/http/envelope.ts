/**
 * The one place that builds `/api` envelopes: routes set `ctx.body` to their data (or use `created`),
 * and every error, expected or not, becomes `{code, message, success, data, error}` without a stack.
 */
import { codeForStatus, type Envelope, type ErrorCode } from '@clip/sdk/contract';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { SealedSecretError } from '../crypto/secretBox.ts';
import { AppError } from './appError.ts';

/** Marks a value as already-sent raw output (streams, text): the middleware leaves it alone. */
export const RAW = 'rawResponse';

export function envelope(data: unknown, status = 200, message = 'success'): Envelope<unknown> {
  return { code: status, message, success: true, data: data === undefined ? null : data };
}

function failure(status: number, code: ErrorCode, message: string, data: unknown = null): Envelope<unknown> {
  return { code: status, message, success: false, data, error: code };
}

/** Maps errors thrown by libraries (body parser, multer, ...) to a client error where that is what they are. */
function classify(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof SealedSecretError) return new AppError(409, 'CONFLICT', err.message);
  const e = err as {
    status?: number;
    statusCode?: number;
    type?: string;
    code?: string;
    message?: string;
    expose?: boolean;
  };
  if (e?.type === 'entity.parse.failed' || (e?.status === 400 && err instanceof SyntaxError))
    return new AppError(400, 'MALFORMED_JSON', 'request body is not valid JSON');
  if (e?.type === 'entity.too.large' || e?.code === 'LIMIT_FILE_SIZE')
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'request body is too large');
  if (e?.code?.startsWith?.('LIMIT_'))
    return new AppError(400, 'BAD_REQUEST', `upload refused: ${e.message}`);
  const status = e?.status ?? e?.statusCode;
  if (status && status >= 400 && status < 500 && e?.expose !== false)
    return new AppError(status, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', e.message || 'bad request');
  return null;
}

function refusalMessage(ctx: Context): string {
  const allowed = ctx.response.get('Allow');
  if (ctx.status === 405)
    return `method ${ctx.method} is not allowed on ${ctx.path}${allowed ? ` (allowed: ${allowed})` : ''}`;
  if (ctx.status === 501) return `method ${ctx.method} is not supported`;
  return typeof ctx.body === 'string' && ctx.body ? ctx.body : ctx.message || 'request refused';
}

/**
 * Answers a request from what `work` (the rest of the pipeline) left in `ctx`: an `/api` request's data
 * wrapped in its envelope, and any error, on any path, as an error answer. Takes the work's promise
 * rather than a `next` so the pipeline calls it without a closure per request (http/pipeline.ts).
 */
export async function answerEnveloped(
  ctx: Context,
  isApi: boolean,
  logger: Logger,
  work: Promise<unknown>,
): Promise<void> {
  try {
    await work;
    if (!isApi || ctx.state[RAW]) return;
    // `ctx.body = null` means "no data", which is still a 200 envelope, not a bodiless 204.
    if (ctx.status === 204) ctx.status = 200;
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = failure(404, 'ROUTE_NOT_FOUND', `no API route ${ctx.method} ${ctx.path}`);
      return;
    }
    // A refusal set without throwing (the router's 405/501): still a failure envelope.
    if (ctx.status >= 400) {
      const status = ctx.status;
      ctx.body = failure(status, codeForStatus(status), refusalMessage(ctx));
      return;
    }
    ctx.body = envelope(ctx.body, ctx.status);
  } catch (err) {
    const known = classify(err);
    const reqId: string | undefined = ctx.state.requestId;
    if (!known) logger.error({ err, reqId }, 'unhandled error');
    else if (known.detail !== undefined)
      logger.error({ err: known.detail, reqId, message: known.message }, 'upstream failure');
    const status = known?.status ?? 500;
    if (known) for (const [k, v] of Object.entries(known.headers)) ctx.set(k, v);
    ctx.status = status;
    // A server-side failure names the request id, so a report can be matched with the log.
    const serverSide = status >= 500;
    const message = known?.message ?? 'internal server error';
    const body = failure(
      status,
      known?.code ?? 'INTERNAL',
      serverSide && reqId ? `${message} (request id ${reqId})` : message,
      serverSide && reqId && (known?.data ?? null) === null ? { request_id: reqId } : known?.data,
    );
    ctx.body = isApi ? body : body.message;
  }
}
