/** Turns what a user pastes into `clip get` (a slug, a share link or a raw link) into server + slug. */
import { CliError } from '../errors.ts';
import { normalizeServerUrl } from './serverUrl.ts';

export interface ShareRef {
  slug: string;
  /** The server named by a link; null when only a slug was given. */
  server: string | null;
  /** A password carried by a raw link's query. */
  password: string | null;
}

const SLUG_RE = /^[A-Za-z0-9_-]+$/;
// /paste/{slug}, /raw/{slug} and /api/raw/{slug}, after any path prefix the server lives under.
const SHARE_PATH_RE = /^(.*?)\/(?:api\/)?(?:paste|raw)\/([^/]+)\/?$/;

export function parseShareRef(ref: string): ShareRef {
  const value = ref.trim();
  if (/^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new CliError(`not a valid link: ${ref}`);
    }
    const match = SHARE_PATH_RE.exec(url.pathname);
    const slug = match ? decodeURIComponent(match[2]) : '';
    if (!match || !SLUG_RE.test(slug)) throw new CliError(`not a text share link: ${ref}`);
    return {
      slug,
      server: normalizeServerUrl(`${url.origin}${match[1]}`, 'share link'),
      password: url.searchParams.get('password'),
    };
  }
  if (!SLUG_RE.test(value)) throw new CliError(`not a share slug or link: ${ref}`);
  return { slug: value, server: null, password: null };
}
