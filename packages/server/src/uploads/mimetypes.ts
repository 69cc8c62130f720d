/**
 * Content types: what a client may declare, and the type guessed from a name when it declared none. How a
 * stored type is served is serving/presentation.ts's.
 */
import { badRequest } from '../http/appError.ts';

const TOKEN = "[A-Za-z0-9!#$&^_.+'-]+";
const MIMETYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);

/** A declared content type: `type/subtype`, no parameters, lower-cased. */
export function checkMimetype(value: string): string {
  const trimmed = value.trim();
  if (!MIMETYPE.test(trimmed) || trimmed.length > 255)
    throw badRequest(`mimetype "${value}" is not a valid content type`);
  return trimmed.toLowerCase();
}

/** Types for common extensions, for clients that send none (or octet-stream). */
const BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The client's type when it said something useful, else one guessed from the extension. */
export function guessMimetype(filename: string, declared: string | null | undefined): string | null {
  const type = declared?.split(';')[0].trim().toLowerCase();
  if (type && type !== 'application/octet-stream' && MIMETYPE.test(type)) return type;
  const ext = filename.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
  return BY_EXTENSION[ext] ?? null;
}
/** An HTML page by type or name: only ever rendered for a frame, under a sandbox, through a signed render link. */
export const isHtml = (mimetype: string, name: string): boolean =>
  mimetype.startsWith('text/html') || /\.html?$/i.test(name);
