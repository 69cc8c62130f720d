/**
 * The options a new share is created with (spec section 2's form, section 5's rules): remark,
 * custom link suffix, password, expiry (amount and unit, or never) and max views. Validation
 * answers problem codes; the page translates them.
 */
import { DEFAULT_SHARE_EXPIRY, RESERVED_SLUGS, SLUG_MAX } from '@clip/sdk';

export const EXPIRY_UNITS = ['hours', 'days', 'weeks', 'months', 'never'] as const;
export type ExpiryUnit = (typeof EXPIRY_UNITS)[number];
const HOURS_PER: Record<Exclude<ExpiryUnit, 'never'>, number> = {
  hours: 1,
  days: 24,
  weeks: 24 * 7,
  months: 24 * 30,
};

export interface ShareOptions {
  remark: string;
  slug: string;
  password: string;
  expiryAmount: string;
  expiryUnit: ExpiryUnit;
  maxViews: string;
}

export const DEFAULT_SHARE_OPTIONS: ShareOptions = {
  remark: '',
  slug: '',
  password: '',
  expiryAmount: '1',
  // What every client defaults to (ADR 0065); the amount is what picking a unit starts from.
  expiryUnit: DEFAULT_SHARE_EXPIRY,
  maxViews: '0',
};

export type ShareOptionProblem =
  | 'slug-long'
  | 'slug-chars'
  | 'slug-reserved'
  | 'expiry-amount'
  | 'max-views-negative'
  | 'max-views-whole';
export type ShareOptionProblems = Partial<Record<'slug' | 'expiry' | 'maxViews', ShareOptionProblem>>;

/** Hours until expiry; 0 = never (the API's convention). Null when the amount is not a positive number. */
export function expiresInHours(amount: string, unit: ExpiryUnit): number | null {
  if (unit === 'never') return 0;
  const n = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(n) || n <= 0) return null;
  return n * HOURS_PER[unit];
}

export function validateShareOptions(o: ShareOptions): ShareOptionProblems {
  const problems: ShareOptionProblems = {};
  const slug = o.slug.trim();
  if (slug.length > SLUG_MAX) problems.slug = 'slug-long';
  else if (slug && !/^[A-Za-z0-9_-]+$/.test(slug)) problems.slug = 'slug-chars';
  else if (slug && RESERVED_SLUGS.includes(slug.toLowerCase())) problems.slug = 'slug-reserved';
  if (expiresInHours(o.expiryAmount, o.expiryUnit) === null) problems.expiry = 'expiry-amount';
  const views = o.maxViews.trim() === '' ? 0 : Number(o.maxViews);
  if (!Number.isFinite(views) || !Number.isInteger(views)) problems.maxViews = 'max-views-whole';
  else if (views < 0) problems.maxViews = 'max-views-negative';
  return problems;
}

/** The fields of a create body; empty optional fields are left out. */
export function shareOptionsBody(o: ShareOptions) {
  const expires = expiresInHours(o.expiryAmount, o.expiryUnit) ?? 0;
  const maxViews = o.maxViews.trim() === '' ? 0 : Number(o.maxViews);
  return {
    ...(o.remark.trim() ? { remark: o.remark.trim() } : {}),
    ...(o.slug.trim() ? { slug: o.slug.trim() } : {}),
    ...(o.password ? { password: o.password } : {}),
    ...(expires > 0 ? { expires_in: expires } : {}),
    ...(maxViews > 0 ? { max_views: maxViews } : {}),
  };
}
