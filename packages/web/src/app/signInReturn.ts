/**
 * "Sign in" links carry the page they were on (`/admin?next=/upload`) and the sign-in form returns
 * there. Only same-site paths are followed (no `//host` or scheme): never an open redirect.
 */
export const NEXT_PARAM = 'next';

export function signInPath(from: string): string {
  const next = safeNext(from);
  return next ? `/admin?${NEXT_PARAM}=${encodeURIComponent(next)}` : '/admin';
}

/** The path to return to, or null when the value is missing or not a same-site path. */
export function safeNext(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/admin' || value.startsWith('/admin?')) return null;
  return value;
}
