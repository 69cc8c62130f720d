/**
 * Tables and cells for list commands (files ls, pastes ls, ...). Apart from output.ts so that commands
 * printing no table (paste, get) do not load the display-width tables at start-up.
 */
import { cutToWidth, displayWidth, padToWidth } from './services/displayWidth.ts';

export { shortTime } from './shortTime.ts';

export interface Column<T> {
  header: string;
  value: (row: T) => string;
  /** The widest a value can be, for a table printed a page at a time (streamedTable). */
  width?: number;
}

/**
 * A plain aligned table, measured in terminal columns (wide CJK names stay aligned); the last column is
 * not padded so lines carry no trailing spaces.
 */
export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((c) => c.value(row).replace(/\s+/g, ' ')));
  const widths = columns.map((c, i) =>
    Math.max(displayWidth(c.header), ...cells.map((r) => displayWidth(r[i]))),
  );
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === values.length - 1 ? v : padToWidth(v, widths[i])))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join('\n');
}

/**
 * A table printed a page of rows at a time, as they arrive: the columns are as wide as their header or
 * their declared `width`, whichever is wider, so every page lines up without knowing the rows to come.
 */
export function streamedTable<T>(columns: readonly Column<T>[]): {
  header: string;
  rows: (rows: readonly T[]) => string;
} {
  const widths = columns.map((c) => Math.max(displayWidth(c.header), c.width ?? 0));
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === values.length - 1 ? v : padToWidth(v, widths[i])))
      .join('  ')
      .trimEnd();
  return {
    header: line(columns.map((c) => c.header)),
    rows: (rows) => rows.map((row) => line(columns.map((c) => c.value(row).replace(/\s+/g, ' ')))).join('\n'),
  };
}

/** Shortens long free text for a table cell to `max` terminal columns. */
export function truncate(text: string | null | undefined, max = 30): string {
  return text ? cutToWidth(text, max) : '';
}
