/**
 * Names and keys of stored shares. A display filename keeps its Unicode but loses anything that could act
 * as a path or fool a reader; the storage key adds a folder, the month and a random part, so two uploads
 * never collide and no key can leave the folder it was given.
 */
import { randomBytes } from 'node:crypto';
import { SHARES_PREFIX } from '../../storage/serverObjects.ts';

const MAX_NAME_BYTES = 200;
// Windows device names stay reserved with any extension ("con.txt").
const RESERVED_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// C0/C1 controls, and bidi overrides that make "gpj.exe" read as "exe.jpg".
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const UNSAFE = /[<>:"|?*]/g;

/** Cuts `s` to at most `maxBytes` of UTF-8 without splitting a character. */
function truncateUtf8(s: string, maxBytes: number): string {
  if (Buffer.byteLength(s) <= maxBytes) return s;
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch) > maxBytes) break;
    out += ch;
  }
  return out;
}

/** A filename safe to store and to show: last path segment only, no controls, reserved names prefixed. */
export function sanitizeFilename(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = base.replace(INVISIBLE, '').replace(UNSAFE, '_').trim();
  // Leading dots would hide the file; trailing dots and spaces vanish on Windows.
  name = name.replace(/^\.+/, '').replace(/[. ]+$/, '');
  if (RESERVED_NAMES.test(name)) name = `_${name}`;
  const dot = name.lastIndexOf('.');
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) {
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name =
      truncateUtf8(name.slice(0, name.length - ext.length), MAX_NAME_BYTES - Buffer.byteLength(ext)) + ext;
  }
  return name || 'file';
}

/**
 * `.clip/shares/<folder>/<yyyy>/<mm>/<random>-<filename>`, driver-relative (no leading slash): in the
 * server's reserved prefix, which no mount over the same storage can list, read or overwrite (ADR 0040).
 */
export function storageKey(folder: string, filename: string, now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  const random = randomBytes(6).toString('hex');
  const inFolder = folder === '/' ? '' : `${folder.slice(1)}/`;
  return `${SHARES_PREFIX}/${inFolder}${yyyy}/${mm}/${random}-${filename}`;
}
