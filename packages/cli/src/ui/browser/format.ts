/** Small pure helpers of the browser: virtual path arithmetic and how sizes and errors are shown. */

export const joinPath = (folder: string, name: string) => (folder === '/' ? `/${name}` : `${folder}/${name}`);

export const parentOf = (path: string) => {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
};

export const formatSize = (n: number | null) =>
  n === null
    ? ''
    : n < 1024
      ? `${n} B`
      : n < 1048576
        ? `${(n / 1024).toFixed(1)} K`
        : `${(n / 1048576).toFixed(1)} M`;

export const errorLine = (err: unknown) => `error: ${err instanceof Error ? err.message : String(err)}`;

/** Types worth fetching as text for a preview; others show their metadata only. */
export const isTextual = (mimetype: string | null | undefined) =>
  /^(text\/|application\/(json|xml|javascript|x-sh|yaml|toml))/.test(mimetype ?? '');

/** The rows of a list that fit `height`, scrolled so the cursor stays near the middle. */
export function scrollWindow<T>(rows: T[], cursor: number, height: number): { start: number; slice: T[] } {
  const start = Math.max(0, Math.min(cursor - Math.floor(height / 2), rows.length - height));
  return { start, slice: rows.slice(start, start + height) };
}
