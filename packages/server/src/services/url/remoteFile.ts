/** What a remote server says about a file: its name, size and type, read defensively. */
import { sanitizeFilename } from '../../shares/files/filenames.ts';
import type { GuardedResponse } from './guardedFetch.ts';

/** From Content-Range (a ranged answer) or Content-Length; null when neither says. */
export function remoteSize(res: Pick<GuardedResponse, 'status' | 'headers'>): number | null {
  const range = /\/(\d+)\s*$/.exec(String(res.headers['content-range'] ?? ''));
  if (range) return Number(range[1]);
  if (res.status === 206) return null;
  const length = res.headers['content-length'];
  return length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
}

function decodeRfc5987(value: string): string | null {
  const m = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value.trim());
  if (!m) return null;
  try {
    if (m[1].toLowerCase() === 'utf-8') return decodeURIComponent(m[2]);
    // ISO-8859-1: each percent-encoded byte is one character.
    return m[2].replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  } catch {
    return null;
  }
}

/** Content-Disposition filename* or filename, else the last path segment, else "download". */
export function remoteFilename(res: Pick<GuardedResponse, 'headers' | 'url'>): string {
  const cd = String(res.headers['content-disposition'] ?? '');
  const star = /filename\*\s*=\s*([^;]+)/i.exec(cd);
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(cd);
  let name =
    (star && decodeRfc5987(star[1])) ?? (plain ? (plain[2] ?? plain[1]).replace(/\\(.)/g, '$1').trim() : '');
  if (!name) {
    const last = res.url.pathname.split('/').filter(Boolean).pop() ?? '';
    try {
      name = decodeURIComponent(last);
    } catch {
      name = last;
    }
  }
  return sanitizeFilename(name || 'download');
}

/** The declared type without parameters, or octet-stream. */
export function remoteMimetype(res: Pick<GuardedResponse, 'headers'>): string {
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/.test(type) ? type : 'application/octet-stream';
}
