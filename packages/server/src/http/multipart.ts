/** The multipart parser (@koa/multer with multer and busboy), imported on the first upload: an idle server does not need it. */
import type multer from '@koa/multer';

let loading: Promise<typeof multer> | null = null;

export function loadMulter(): Promise<typeof multer> {
  loading ??= import('@koa/multer').then((m) => m.default);
  return loading;
}
