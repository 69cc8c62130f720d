// The JavaScript a browser fetches before the app can start: every <script> and
// <link rel="modulepreload"> in the built index.html, each gzipped with zlib at its default level.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const attribute = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

/** The scripts index.html makes the browser load at once: { kind, path?, code? } in document order. */
export function initialScripts(html) {
  const found = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>|<link\b([^>]*)>/gi;
  for (const m of html.matchAll(pattern)) {
    if (m[1] !== undefined) {
      const src = attribute(m[1], 'src');
      if (src) found.push({ kind: 'script', path: src });
      else if (m[2].trim()) found.push({ kind: 'inline script', code: m[2] });
    } else if (attribute(m[3], 'rel')?.toLowerCase() === 'modulepreload') {
      found.push({ kind: 'modulepreload', path: attribute(m[3], 'href') });
    }
  }
  return found;
}

/**
 * Raw and gzipped sizes of the initial scripts of the build in `webDir`.
 * Answers { files: [{ name, kind, rawBytes, gzipBytes }], rawBytes, gzipBytes }.
 */
export function initialJsSize(webDir) {
  const html = readFileSync(join(webDir, 'index.html'), 'utf8');
  const files = initialScripts(html).map((s) => {
    // Built paths are absolute from the site root (/assets/x.js); a query or hash is not part of the file.
    const body = s.code ?? readFileSync(join(webDir, s.path.replace(/[?#].*$/, '').replace(/^\//, '')));
    const bytes = Buffer.from(body);
    return {
      name: s.path ?? '(inline in index.html)',
      kind: s.kind,
      rawBytes: bytes.length,
      gzipBytes: gzipSync(bytes).length,
    };
  });
  return {
    files,
    rawBytes: files.reduce((n, f) => n + f.rawBytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
  };
}
