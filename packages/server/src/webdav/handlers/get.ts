/**
 * GET and HEAD: a file is served like every stored byte (serving/serveBytes.ts: an attachment with the
 * safety headers, Range and ETag), or 307 to a presigned link (web_proxy=false).
 */

import { sendStreamedText } from '../../http/streamedText.ts';
import { presentation } from '../../serving/presentation.ts';
import { serveBytes } from '../../serving/serveBytes.ts';
import type { DavEntry } from '../davFs.ts';
import type { DavHandler } from '../davRequest.ts';
import { DavStatus, hrefOf } from '../paths.ts';

export const get: DavHandler = async (req) => {
  const { ctx, deps, actor, path } = req;
  // A file is opened exactly as the API's download opens it; anything else is looked at by stat.
  const file = await deps.fs.openFile(actor, path);
  const entry = file?.entry ?? (await deps.fs.stat(actor, path));
  if (!entry) throw new DavStatus(404, `${path} not found`);
  if (!file) {
    if (!entry.isCollection) throw new DavStatus(404, `${path} not found`);
    // A collection has no content of its own; answer a plain list of its members for browsers, written
    // a page at a time as PROPFIND's (the first page before the 200, so a refused listing is an error).
    ctx.status = 200;
    ctx.type = 'text/plain; charset=utf-8';
    if (ctx.method === 'HEAD') {
      ctx.body = '';
      return;
    }
    const pages = deps.fs.pages(actor, path)[Symbol.asyncIterator]();
    const first = await pages.next();
    const lines = (page: DavEntry[]) => page.map((c) => hrefOf(c.path, c.isCollection)).join('\n');
    sendStreamedText(
      ctx,
      (async function* () {
        if (first.done) return;
        yield lines(first.value);
        for (let page = await pages.next(); !page.done; page = await pages.next())
          if (page.value.length > 0) yield `\n${lines(page.value)}`;
      })(),
    );
    return;
  }
  const redirect = await file.redirectUrl();
  if (redirect) {
    ctx.status = 307;
    ctx.set('Location', redirect);
    ctx.set('Cache-Control', 'no-store');
    return;
  }
  await serveBytes(
    ctx,
    {
      name: entry.name,
      size: entry.size,
      etag: entry.etag,
      modified: entry.modified,
      read: (range) => file.read(range),
    },
    presentation(entry.contentType, entry.name, 'download'),
  );
};
