/**
 * An image's bytes made into a small WebP with sharp (libvips): decoded by content, refused when not a
 * decodable image or past the pixel limit, oriented by its EXIF, scaled so its longest side is `size`
 * (never enlarged), metadata left out.
 */
import type { Metadata, SharpConstructor } from 'sharp';
import { AppError, tooLarge } from '../http/appError.ts';
import { DECODED_FORMATS, MAX_SOURCE_PIXELS, WEBP_QUALITY } from './thumbnailRules.ts';

/**
 * sharp and its ~20 MB of libvips load with the first thumbnail, not with the server: a server whose
 * users never open a grid of pictures never maps them.
 */
let loading: Promise<SharpConstructor> | null = null;
function loadSharp() {
  loading ??= import('sharp').then((m) => {
    // libvips' operation cache would keep decoded images between requests: memory with no hits here.
    m.default.cache(false);
    return m.default;
  });
  return loading;
}

export interface MadeThumbnail {
  bytes: Buffer;
  width: number;
  height: number;
}

export const notAnImage = (why: string) => new AppError(415, 'UNSUPPORTED_TYPE', `no thumbnail: ${why}`);

export async function makeThumbnail(source: Buffer, size: number): Promise<MadeThumbnail> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' } as const;
  let meta: Metadata;
  try {
    // The header alone: the pixel count is checked below with a message that says it.
    meta = await sharp(source, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage('the file is not an image this server can read');
  }
  if (!meta.format || !DECODED_FORMATS.has(meta.format))
    throw notAnImage(`${meta.format ?? 'this'} images are not made into thumbnails`);
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > MAX_SOURCE_PIXELS)
    throw tooLarge(
      `no thumbnail: the image has ${meta.width}x${meta.height} pixels, more than the ${MAX_SOURCE_PIXELS / 1e6} million a thumbnail is made from`,
    );
  try {
    const { data, info } = await sharp(source, { ...options, sequentialRead: true })
      .rotate()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw notAnImage('the image could not be decoded (damaged or cut short)');
  }
}
