/**
 * A path share as its visitor opens it: the visit (which counts a view and answers the token), the
 * password (which answers the token), and the token kept for the tab's life so a reload or a deeper
 * folder opens the share again without counting another view or asking the password again.
 */
import { type ClipClient, ClipError, type PathShareVisit } from '@clip/sdk';

export interface OpenedPathShare {
  visit: PathShareVisit;
  token: string;
}

const key = (slug: string) => `clip.path-share.${slug}`;

function stored(slug: string): string | undefined {
  try {
    return sessionStorage.getItem(key(slug)) ?? undefined;
  } catch {
    return undefined;
  }
}

function keep(slug: string, token: string | undefined): void {
  try {
    if (token) sessionStorage.setItem(key(slug), token);
    else sessionStorage.removeItem(key(slug));
  } catch {
    // No storage (private mode): the token lives as long as the page.
  }
}

/** The visit, with the tab's token when it has one; `requires_password` when the share wants it. */
export async function openPathShare(
  client: ClipClient,
  slug: string,
): Promise<OpenedPathShare | { requires_password: true }> {
  const saved = stored(slug);
  if (saved) {
    try {
      const visit = await client.pathShares.visit(slug, { token: saved });
      if (!('kind' in visit)) return visit;
      return { visit, token: visit.token ?? saved };
    } catch (err) {
      // An old token (an hour passed, a new password): visit afresh.
      if (!(err instanceof ClipError && err.status === 401)) throw err;
      keep(slug, undefined);
    }
  }
  const visit = await client.pathShares.visit(slug);
  if (!('kind' in visit)) return visit;
  keep(slug, visit.token);
  return { visit, token: visit.token ?? '' };
}

export async function unlockPathShare(
  client: ClipClient,
  slug: string,
  password: string,
): Promise<OpenedPathShare> {
  const token = await client.pathShares.verify(slug, password);
  keep(slug, token);
  const visit = await client.pathShares.visit(slug, { token });
  if (!('kind' in visit)) throw new ClipError(401, 'UNAUTHORIZED', 'the share did not accept its token');
  return { visit, token };
}
