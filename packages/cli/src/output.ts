/** Where things go: results on stdout, chrome and progress on stderr. */

/** Writes a result to stdout and resolves once it is handed to the OS (so a pipe gets all of it). */
export function writeOut(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (err) => (err ? reject(err) : resolve()));
  });
}

export function printLine(line: string): Promise<void> {
  return writeOut(`${line}\n`);
}

export function printJson(value: unknown): Promise<void> {
  return writeOut(`${JSON.stringify(value, null, 2)}\n`);
}

/** Chrome: notes and hints for the person at the terminal, never part of the result. */
export function note(line: string): void {
  process.stderr.write(`${line}\n`);
}

export interface Column<T> {
  header: string;
  value: (row: T) => string;
}

/** A plain aligned table; the last column is not padded so lines carry no trailing spaces. */
export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((c) => c.value(row).replace(/\s+/g, ' ')));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i].length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join('\n');
}

/** Shortens long free text for a table cell. */
export function truncate(text: string | null | undefined, max = 30): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** An ISO time as `YYYY-MM-DD HH:MM` in UTC, or a fallback for null. */
export function shortTime(iso: string | null | undefined, fallback = '-'): string {
  if (!iso) return fallback;
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
