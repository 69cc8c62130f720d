/**
 * The settings a text or file share can be edited with (slug, remark, password, expiry, max views):
 * form state, validation by spec section 5 (problem codes the component translates) and the update
 * body, which carries only what changed.
 */
import { RESERVED_SLUGS, SLUG_MAX, SLUG_PATTERN } from '@clip/sdk';

export const EXPIRY_UNITS = { hours: 1, days: 24, weeks: 24 * 7, months: 24 * 30 } as const;
export type ExpiryUnit = keyof typeof EXPIRY_UNITS;
/** Quick choices, in hours (the file page's presets: 1 hour, 1 day, 7 days, 30 days). */
export const EXPIRY_PRESETS = [1, 24, 24 * 7, 24 * 30] as const;

export type ExpiryChoice = 'keep' | 'never' | 'custom' | `${number}`;
export type PasswordChoice = 'keep' | 'set' | 'clear';

export interface ShareFormState {
  slug: string;
  remark: string;
  password: PasswordChoice;
  newPassword: string;
  expiry: ExpiryChoice;
  customAmount: string;
  customUnit: ExpiryUnit;
  maxViews: string;
}

export interface ShareRecordLike {
  slug: string;
  remark: string | null;
  has_password: boolean;
  expires_at: string | null;
  max_views: number;
}

export type ShareProblem =
  | 'slug-empty'
  | 'slug-long'
  | 'slug-chars'
  | 'slug-reserved'
  | 'password-empty'
  | 'expiry-amount'
  | 'max-views';
export type ShareProblems = Partial<Record<'slug' | 'password' | 'expiry' | 'maxViews', ShareProblem>>;

export function initialShareForm(record: ShareRecordLike): ShareFormState {
  return {
    slug: record.slug,
    remark: record.remark ?? '',
    password: 'keep',
    newPassword: '',
    expiry: 'keep',
    customAmount: '1',
    customUnit: 'days',
    maxViews: String(record.max_views),
  };
}

export function slugProblemCode(slug: string): ShareProblem | null {
  if (slug.length === 0) return 'slug-empty';
  if (slug.length > SLUG_MAX) return 'slug-long';
  if (!new RegExp(SLUG_PATTERN).test(slug)) return 'slug-chars';
  if (RESERVED_SLUGS.includes(slug.toLowerCase())) return 'slug-reserved';
  return null;
}

/** Hours from now for the chosen expiry: null = unchanged, 0 = never. */
export function expiryHours(
  state: Pick<ShareFormState, 'expiry' | 'customAmount' | 'customUnit'>,
): number | null {
  if (state.expiry === 'keep') return null;
  if (state.expiry === 'never') return 0;
  if (state.expiry === 'custom') return Number(state.customAmount) * EXPIRY_UNITS[state.customUnit];
  return Number(state.expiry);
}

export function validateShareForm(state: ShareFormState): ShareProblems {
  const problems: ShareProblems = {};
  const slug = slugProblemCode(state.slug.trim());
  if (slug) problems.slug = slug;
  if (state.password === 'set' && state.newPassword.length === 0) problems.password = 'password-empty';
  if (state.expiry === 'custom') {
    const amount = Number(state.customAmount);
    if (!state.customAmount.trim() || !Number.isFinite(amount) || amount <= 0)
      problems.expiry = 'expiry-amount';
  }
  const views = Number(state.maxViews);
  if (!/^\d+$/.test(state.maxViews.trim()) || !Number.isSafeInteger(views)) problems.maxViews = 'max-views';
  return problems;
}

export interface ShareUpdate {
  slug?: string;
  remark?: string | null;
  password?: string | null;
  expires_in?: number;
  max_views?: number;
}

/** The fields that differ from the record (an empty object when nothing changed). */
export function shareUpdateBody(state: ShareFormState, record: ShareRecordLike): ShareUpdate {
  const body: ShareUpdate = {};
  const slug = state.slug.trim();
  if (slug !== record.slug) body.slug = slug;
  const remark = state.remark.trim();
  if (remark !== (record.remark ?? '')) body.remark = remark === '' ? null : remark;
  if (state.password === 'set') body.password = state.newPassword;
  if (state.password === 'clear' && record.has_password) body.password = null;
  const hours = expiryHours(state);
  if (hours !== null) body.expires_in = hours;
  const views = Number(state.maxViews);
  if (views !== record.max_views) body.max_views = views;
  return body;
}
