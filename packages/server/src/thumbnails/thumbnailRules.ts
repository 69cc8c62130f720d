/** What the server makes thumbnails of, and how much it keeps (ADR 0075). */

/** A source larger than this is refused unread (413): a thumbnail never costs more than this in memory. */
export const MAX_SOURCE_BYTES = 64 * 1024 * 1024;
/** Decoded pixels past this are refused (413) before decoding: 50 MP, above a 20 MP camera's 5472x3648. */
export const MAX_SOURCE_PIXELS = 50_000_000;
/**
 * Formats decoded here, by their content (never the name). SVG is not among them: rasterising a
 * stranger's SVG runs an XML parser and a renderer over untrusted input, so the grid shows its type icon.
 */
export const DECODED_FORMATS: ReadonlySet<string> = new Set([
  'jpeg',
  'png',
  'webp',
  'gif',
  'avif',
  'heif',
  'tiff',
]);
/** Names and types that are SVG whatever their bytes say: refused before anything is read. */
export const SVG = /^image\/svg\+xml$|\.svgz?$/i;
export const OUTPUT_TYPE = 'image/webp';
export const WEBP_QUALITY = 72;
/** Thumbnails kept in the database at most, in bytes: the sweep removes the least recently used past it. */
export const CACHE_MAX_BYTES = 128 * 1024 * 1024;
/** A thumbnail nobody asked for in this long is swept whatever the budget. */
export const CACHE_IDLE_MS = 30 * 24 * 3_600_000;
/** Thumbnails made at once by one process: each holds its source in memory while it decodes. */
export const CONCURRENT_MAKES = 2;
/** A thumbnail link is valid for this long, and stays the same URL for its first hour. */
export const LINK_TTL_S = 2 * 3600;
export const LINK_STABLE_MS = 3_600_000;
