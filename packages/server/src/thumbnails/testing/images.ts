/** Pictures made for the thumbnail tests (sharp draws them), so no binary fixture is committed. */
import sharp from 'sharp';

/** A plain PNG of one colour. */
export function pngImage(width: number, height: number, rgb = { r: 200, g: 60, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: rgb } })
    .png()
    .toBuffer();
}

/** A JPEG of noise (it compresses badly, as photographs do): the cost of a real camera's picture. */
export function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Width and height of an encoded picture, and its format. */
export async function dimensionsOf(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; format: string }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? '' };
}
