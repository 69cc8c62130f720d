/** How a task names what it read or wrote in one string: the one path, or the folder holding several. */
import { normalizeVirtualPath, segmentsOf } from '../fs/paths.ts';

/** A path as asked, in its one spelling when it has one (a bad path is refused per item, not here). */
const spelled = (raw: string) => {
  try {
    return normalizeVirtualPath(raw);
  } catch {
    return raw;
  }
};

/** The one path, the deepest folder holding all of several, or null for none. */
export function pathSummary(paths: readonly string[]): string | null {
  if (paths.length === 0) return null;
  const unique = [...new Set(paths.map(spelled))];
  if (unique.length === 1) return unique[0];
  let shared = segmentsOf(unique[0]).slice(0, -1);
  for (const path of unique.slice(1)) {
    const parts = segmentsOf(path);
    let i = 0;
    while (i < shared.length && i < parts.length - 1 && shared[i] === parts[i]) i++;
    shared = shared.slice(0, i);
  }
  return `/${shared.join('/')}`;
}
