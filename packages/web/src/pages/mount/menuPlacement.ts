/**
 * Where a pop-up menu goes: under its button, right edges aligned; above the button when it does
 * not fit below; always inside the viewport (with a small margin), however near the edge the button is.
 */
export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

const MARGIN = 4;

export function placeMenu(
  button: Rect,
  menu: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const below = button.top + button.height + 2;
  const above = button.top - menu.height - 2;
  const fitsBelow = below + menu.height <= viewport.height - MARGIN;
  const top = fitsBelow || above < MARGIN ? below : above;
  const left = button.left + button.width - menu.width;
  return {
    top: clamp(top, MARGIN, viewport.height - menu.height - MARGIN),
    left: clamp(left, MARGIN, viewport.width - menu.width - MARGIN),
  };
}

/** `value` within [min, max]; `min` wins when the range is empty (a menu taller than the screen starts at its top). */
const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));
