/** Content-Disposition with a filename every browser reads right (RFC 6266 / RFC 5987). */

/** An ASCII stand-in for old clients: anything outside printable ASCII, quotes and backslashes become '_'. */
function asciiFallback(filename: string): string {
  return filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
}

/** RFC 5987 value: percent-encoded UTF-8, with the characters encodeURIComponent leaves alone but the grammar forbids. */
function extValue(filename: string): string {
  return encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function contentDisposition(disposition: 'inline' | 'attachment', filename?: string | null): string {
  if (!filename) return disposition;
  return `${disposition}; filename="${asciiFallback(filename)}"; filename*=UTF-8''${extValue(filename)}`;
}
