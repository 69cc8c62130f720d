/** Serves the built web app: files as they are, index.html for every other non-API path (SPA fallback). */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context, Next } from 'koa';
import { setWebAppSecurityHeaders } from './securityHeaders.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

async function fileAt(path: string) {
  try {
    const s = await stat(path);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/** The build's .br or .gz sibling of a file, when the client accepts that encoding (scripts/precompress.mjs). */
async function precompressed(ctx: Context, path: string) {
  for (const [encoding, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (ctx.acceptsEncodings(encoding, 'identity') !== encoding) continue;
    const info = await fileAt(path + ext);
    if (info) return { encoding, path: path + ext, size: info.size };
  }
  return null;
}

export function serveWebApp(webDir: string) {
  const root = normalize(webDir + sep);
  return async function webApp(ctx: Context, next: Next): Promise<void> {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/dav')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    const candidate = normalize(join(root, rel));
    let path = candidate.startsWith(root) ? candidate : join(root, 'index.html');
    let info = await fileAt(path);
    if (!info) {
      path = join(root, 'index.html');
      info = await fileAt(path);
      if (!info) return next();
    }
    const isIndex = path.endsWith(`${sep}index.html`);
    const isServiceWorker = /(^|\/)(sw|registerSW)\.js$/.test(path);
    ctx.type = TYPES[extname(path)] ?? 'application/octet-stream';
    ctx.length = info.size;
    ctx.lastModified = info.mtime;
    // Hashed assets live forever; the shell and the worker must be revalidated to pick up releases.
    ctx.set(
      'Cache-Control',
      path.includes(`${sep}assets${sep}`) && !isIndex ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    if (isServiceWorker) ctx.set('Service-Worker-Allowed', '/');
    // A file of the app (not a page): its request line is logged at debug (http/pipeline.ts).
    ctx.state.webAsset = !isIndex;
    setWebAppSecurityHeaders(ctx);
    ctx.vary('Accept-Encoding');
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const encoded = await precompressed(ctx, path);
    if (encoded) {
      ctx.set('Content-Encoding', encoded.encoding);
      ctx.length = encoded.size;
      path = encoded.path;
    }
    ctx.body = ctx.method === 'HEAD' ? null : createReadStream(path);
  };
}
