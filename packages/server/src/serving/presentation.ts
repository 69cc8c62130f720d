/**
 * How stored bytes are presented to a browser: their Content-Type, inline or attachment, and the headers
 * that keep them inert. Anything able to run script (HTML, SVG, XML, JavaScript) is never a live document
 * on our origin: a download is an attachment, a view shows it as plain text. Judged by the declared type
 * AND the name, since either may lie.
 */

const ACTIVE_EXTENSIONS = /\.(html?|xhtml|shtml|htm|svgz?|xml|xsl|xslt|js|mjs|cjs|jsx|ts|wasm|swf)$/i;
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/xsl|text\/javascript|application\/javascript|application\/x-javascript|application\/ecmascript|text\/ecmascript|application\/wasm|application\/x-shockwave-flash)$|\+xml$/;
const INLINE_MEDIA =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf)$/;
const TEXTUAL = /^(text\/[\w.+-]+|application\/(json|x-ndjson|x-yaml|yaml|toml|x-sh|sql))$/;

export type ViewMode =
  /** Served inline with its own type. */
  | { kind: 'inline'; contentType: string }
  /** Served inline as text/plain: readable, never rendered. */
  | { kind: 'text' }
  /** Served as a download. */
  | { kind: 'attachment'; contentType: string };

/** How a view (share view, fs preview) shows a stored type. */
export function viewMode(mimetype: string, filename: string): ViewMode {
  const type = mimetype.toLowerCase();
  if (ACTIVE_TYPES.test(type) || ACTIVE_EXTENSIONS.test(filename)) return { kind: 'text' };
  if (INLINE_MEDIA.test(type)) return { kind: 'inline', contentType: type };
  if (TEXTUAL.test(type)) return { kind: 'text' };
  return { kind: 'attachment', contentType: type };
}

/**
 * The CSP of every served byte: loads nothing, runs nothing (`sandbox`: an opaque origin, no script).
 * The image, media and inline-style sources let a browser show a picture or a video it navigated to.
 */
const SERVED_BYTES_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";
/** Chromium refuses to show a PDF under a CSP sandbox, so a PDF keeps script off without it. */
const PDF_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

export type ServeAs = 'download' | 'view';

export interface Presentation {
  contentType: string;
  disposition: 'inline' | 'attachment';
  csp: string;
}

const PLAIN_TEXT = 'text/plain; charset=utf-8';

/** A download is an attachment of its stored type; a view shows what it safely can inline (viewMode). */
export function presentation(mimetype: string | null, filename: string, as: ServeAs): Presentation {
  const stored = mimetype ?? 'application/octet-stream';
  if (as === 'download') return { contentType: stored, disposition: 'attachment', csp: SERVED_BYTES_CSP };
  const view = viewMode(stored, filename);
  if (view.kind === 'text') return { contentType: PLAIN_TEXT, disposition: 'inline', csp: SERVED_BYTES_CSP };
  if (view.kind === 'attachment')
    return { contentType: view.contentType, disposition: 'attachment', csp: SERVED_BYTES_CSP };
  const csp = view.contentType === 'application/pdf' ? PDF_CSP : SERVED_BYTES_CSP;
  return { contentType: view.contentType, disposition: 'inline', csp };
}

/** A text share's raw content: always plain text, whatever it contains. */
export const PLAIN_TEXT_PRESENTATION: Presentation = {
  contentType: PLAIN_TEXT,
  disposition: 'inline',
  csp: SERVED_BYTES_CSP,
};

/** Bytes nobody may see rendered (an end-to-end encrypted share's ciphertext): always a download. */
export const ATTACHMENT_PRESENTATION: Presentation = {
  contentType: 'application/octet-stream',
  disposition: 'attachment',
  csp: SERVED_BYTES_CSP,
};

/** The headers every response of stored bytes carries, whatever route hands them out. */
export function safetyHeaders(shown: Presentation): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': shown.csp,
    'Cross-Origin-Resource-Policy': 'same-site',
  };
}
