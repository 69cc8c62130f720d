/** Spec section 5: the slug of every share kind, custom or random, and how a taken one answers. */
import { DEFAULT_MESSAGES, slugProblem } from '@clip/sdk/contract';
import { randomSlug } from '../../crypto/tokens.ts';
import { badRequest, conflict } from '../../http/appError.ts';

const RANDOM_SLUG_ATTEMPTS = 8;

export const slugTaken = () => conflict(DEFAULT_MESSAGES.slugTaken, 'SLUG_TAKEN');

/** A slug a client asked for, checked per section 5 (400 naming the body field otherwise). */
export function checkSlug(slug: string): string {
  const problem = slugProblem(slug);
  if (problem) throw badRequest(`body.${problem}`);
  return slug;
}

/** A custom slug per section 5, or null when none was asked for. */
export function customSlug(slug: string | null | undefined): string | null {
  if (slug === undefined || slug === null || slug === '') return null;
  return checkSlug(slug);
}

/** Every stored slug has this shape; anything else is unknown without asking the database. */
const SLUG_SHAPE = /^[A-Za-z0-9_-]{1,50}$/;
export const isSlugShaped = (slug: string): boolean => SLUG_SHAPE.test(slug);

/**
 * Stores a share under the custom slug (409 when taken) or a fresh random one, retried and growing
 * every third attempt so a crowded length stops costing collisions. `tryInsert` answers false when
 * the slug was taken and nothing was written.
 */
export async function allocateSlug(
  custom: string | null,
  tryInsert: (slug: string) => Promise<boolean>,
): Promise<string> {
  for (let attempt = 0; attempt < RANDOM_SLUG_ATTEMPTS; attempt++) {
    const slug = custom ?? randomSlug(6 + 2 * Math.floor(attempt / 3));
    if (await tryInsert(slug)) return slug;
    if (custom !== null) throw slugTaken();
  }
  throw new Error(`no free random slug after ${RANDOM_SLUG_ATTEMPTS} attempts`);
}
