/** The route guards of spec section 5, as decisions over the auth store's view. */

import type { AuthType } from '@clip/sdk';
import { isPathWithin, type Permissions } from '@clip/sdk';
import { pathFor } from './navigation.ts';

export interface GuardView {
  authType: AuthType;
  permissions: Permissions;
  basicPath: string;
}

/** Admin route: proceed when signed out (the page asks to sign in) or allowed; otherwise go home. */
export function adminRouteRedirect(view: GuardView): string | null {
  if (view.authType === 'none' || view.authType === 'admin') return null;
  const p = view.permissions;
  return p.text || p.file || p.mount ? null : pathFor('home');
}

/** Mount explorer: a key with mount permission may only open paths inside its basic path. */
export function mountRouteRedirect(view: GuardView, urlPath: string | null): string | null {
  if (view.authType !== 'apikey' || !view.permissions.mount || !urlPath) return null;
  if (isPathWithin(view.basicPath, urlPath)) return null;
  const base = view.basicPath.replace(/\/+$/, '');
  return base ? pathFor('mount-explorer', { path: base }) : pathFor('mount-explorer');
}
