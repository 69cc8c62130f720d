/**
 * HTTP semantics of serving a stored object, kept free of Koa: RFC 6266 Content-Disposition, RFC 9110
 * single byte ranges, and conditional requests (ETag / Last-Modified).
 */

/** `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` so every client gets a usable name. */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const fallback =
    filename
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%]/g, '_')
      .trim() || 'file';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export type RangeRequest =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/**
 * Reads a Range header against an object of `size` bytes. Only one `bytes=` range is honoured; a header
 * we do not understand (or several ranges) is ignored and the whole object is served, as RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'full' };
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  if (m[1] === '') {
    // Suffix: the last N bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

/** A strong validator from a store's etag (quotes and weakness markers normalised). */
export function entityTag(etag: string): string {
  return `"${etag.replace(/^W\//, '').replace(/"/g, '')}"`;
}

export interface Validators {
  etag: string;
  lastModified: Date;
}

/** RFC 9110 §13.2.2 order: If-None-Match wins over If-Modified-Since. */
export function notModified(
  headers: { ifNoneMatch?: string; ifModifiedSince?: string },
  v: Validators,
): boolean {
  if (headers.ifNoneMatch) {
    const tags = headers.ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(v.etag);
  }
  if (headers.ifModifiedSince) {
    const since = Date.parse(headers.ifModifiedSince);
    return !Number.isNaN(since) && Math.floor(v.lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

/** If-Range: the range applies only while the client's copy is still current. */
export function rangeStillValid(ifRange: string | undefined, v: Validators): boolean {
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === v.etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(v.lastModified.getTime() / 1000) * 1000 <= date;
}
