/** Reads a PNG the app exported and says how much of it differs from its background. */
import { PNG } from 'pngjs';

export interface PngSummary {
  width: number;
  height: number;
  /** Pixels whose colour differs from the top-left pixel (the background) by more than a little. */
  inkPixels: number;
}

export function summarisePng(bytes: Buffer): PngSummary {
  const png = PNG.sync.read(bytes);
  const { width, height, data } = png;
  const [r0, g0, b0, a0] = [data[0], data[1], data[2], data[3]];
  let inkPixels = 0;
  for (let i = 0; i < data.length; i += 4) {
    const diff =
      Math.abs(data[i] - r0) +
      Math.abs(data[i + 1] - g0) +
      Math.abs(data[i + 2] - b0) +
      Math.abs(data[i + 3] - a0);
    if (diff > 60) inkPixels++;
  }
  return { width, height, inkPixels };
}
