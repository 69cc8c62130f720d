/**
 * The multipart/form-data text around a file part, for every sender (Node's node:http form, a browser's
 * Blob form): placement and share fields first, then the file's part header; the file's bytes go
 * between `head` and `tail` without being copied into the form.
 */
import type { FormPost } from '../types.ts';

/**
 * The longest boundary RFC 2046 allows. The server finds the end of the file part by searching the body
 * for it, and the search skips ahead by up to the boundary's length: at 70 characters a 1 GiB upload
 * costs the server ~10% less CPU than at curl's 40 (and ~25% less than at 20), and the server's CPU is
 * what bounds a local upload's speed (ADR 0035). A browser's own FormData boundary has 38.
 */
export const FORM_BOUNDARY_LENGTH = 70;

/** Quotes a form field name or filename the way browsers do (HTML's multipart/form-data encoding). */
export function formQuote(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A fresh random boundary of FORM_BOUNDARY_LENGTH characters (letters, digits and dashes). */
function freshBoundary(): string {
  const random = globalThis.crypto.getRandomValues(new Uint8Array(FORM_BOUNDARY_LENGTH));
  const hex = Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('');
  return `----clip-${hex}`.slice(0, FORM_BOUNDARY_LENGTH);
}

export function formText(request: Pick<FormPost, 'fields' | 'filename' | 'contentType'>) {
  const boundary = freshBoundary();
  const fieldParts = request.fields.map(
    ([key, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${formQuote(key)}"\r\n\r\n${value}\r\n`,
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: `${fieldParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${formQuote(request.filename)}"\r\nContent-Type: ${request.contentType}\r\n\r\n`,
    tail: `\r\n--${boundary}--\r\n`,
  };
}
