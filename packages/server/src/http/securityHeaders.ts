/**
 * The headers every web app response carries (docs/guide/security.md).
 *
 * - Scripts come from the app's own origin only: no inline script, no eval. The theme bootstrap
 *   is a file (`/theme-boot.js`) for that reason.
 * - Styles allow inline `style` attributes because React, chart.js and the PNG export
 *   (html-to-image) set them; shared Markdown cannot carry any (the sanitiser drops them).
 * - Images, media, frames and API calls may reach other http(s) origins: the environment switcher
 *   can point the app at another clip server, whose signed preview links then live there, and a
 *   reader may choose to load a share's remote image (click to load). Nothing loads one unasked:
 *   the Markdown sanitiser turns remote images into buttons.
 * - `frame-ancestors 'none'` (and X-Frame-Options for older browsers): the app is never framed.
 */
import type { Context } from 'koa';

export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self' https: http:",
  "frame-src 'self' https: http:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function setWebAppSecurityHeaders(ctx: Context): void {
  ctx.set('Content-Security-Policy', WEB_APP_CSP);
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('X-Content-Type-Options', 'nosniff');
  // Share links are secrets of a kind: never hand them to the next site in a Referer.
  ctx.set('Referrer-Policy', 'no-referrer');
}
