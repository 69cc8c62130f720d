/**
 * What `clip pastes rm` and `clip files rm` accept: a share's id, its slug or its link (as `clip get`
 * does). Slugs and links are looked up in the caller's own list, so nothing is read (no view counted).
 */
import { CliError } from '../errors.ts';
import { parseFileShareRef } from './fileShareRef.ts';
import { parseShareRef } from './shareRef.ts';

export type ShareKind = 'text' | 'file';

interface Listed {
  id: string;
  slug: string;
}

/** The slug a link names, or null when `ref` is not a link of this kind of share. */
function slugOfLink(ref: string, kind: ShareKind): string | null {
  if (!/^https?:\/\//i.test(ref.trim())) return null;
  if (kind === 'file') {
    const parsed = parseFileShareRef(ref);
    if (!parsed) throw new CliError(`not a file share link: ${ref}`);
    return parsed.slug;
  }
  return parseShareRef(ref).slug;
}

export async function resolveShareIds(
  refs: string[],
  kind: ShareKind,
  search: (text: string) => Promise<Listed[]>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const ref of refs) {
    const linkSlug = slugOfLink(ref, kind);
    const wanted = linkSlug ?? ref.trim();
    const found = (await search(wanted)).find((s) => s.slug === wanted || s.id === wanted);
    if (found) ids.push(found.id);
    else if (linkSlug) throw new CliError(`no ${kind} share "${linkSlug}" among yours`);
    // Not a slug of yours: let the server judge it as an id (it answers not found by name).
    else ids.push(wanted);
  }
  return ids;
}
