/**
 * Text measured in terminal columns, not UTF-16 units: a CJK character or an emoji takes two columns,
 * a combining mark none. Tables and list rows pad and cut by this, so columns stay aligned.
 */
import stringWidth from 'string-width';

export const displayWidth = (text: string): number => stringWidth(text);

/** Pads with spaces on the right to `width` columns. */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Cuts to at most `width` columns, ending in … when cut; never splits a character. */
export function cutToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/** Cut to `width` columns, then padded to exactly `width`. */
export const fitToWidth = (text: string, width: number): string => padToWidth(cutToWidth(text, width), width);
