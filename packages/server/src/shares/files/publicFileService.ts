/**
 * The public side of a file share: a counted view hands out short-lived signed links; a protected share
 * first needs its password (rate limited per client, like text shares). With `max_views = N` exactly N
 * views succeed, however many arrive at once: the count is one conditional UPDATE.
 */
import type { FileLocked, OfficePreview, PublicFileView } from '@clip/sdk';
import { forbidden, gone, notFound } from '../../http/appError.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import { iso, isoOrNull } from '../../services/time.ts';
import { createCountedViews } from '../core/countedView.ts';
import { isExpired } from '../core/liveness.ts';
import type { FileDeps } from './fileDeps.ts';
import type { FileShareRow } from './fileShareStore.ts';
import type { LinkSigner } from './signing.ts';

/** Signed links work this long after the view that handed them out (long enough to watch a video). */
export const LINK_TTL_S = 3600;

export interface PublicFileDeps extends FileDeps {
  signer: LinkSigner;
  passwords: PasswordChecks;
  /** Called once per counted view (dashboard activity); must not throw. */
  onView?: () => void;
}

export interface PublicFileService {
  view(slug: string): Promise<PublicFileView | FileLocked>;
  /** Whether the share would serve a view, without counting one (HEAD): 404 or 410 otherwise. */
  peek(slug: string): Promise<void>;
  verify(slug: string, password: string, clientAddress: string): Promise<PublicFileView>;
  /** Third-party viewer links for a holder of a valid signature. */
  officePreview(slug: string, exp: unknown, sig: unknown): Promise<OfficePreview>;
  /** The ready share behind a signed link; 403 for a bad or lapsed signature, 410 once expired. */
  shareForLink(slug: string, exp: unknown, sig: unknown): Promise<FileShareRow>;
}

const missing = (slug: string) => notFound(`file share "${slug}" not found`);
const goneError = (slug: string) => gone(`file share "${slug}" has expired or reached its view limit`);

export function createPublicFileService(deps: PublicFileDeps): PublicFileService {
  const { repo, signer } = deps;

  function link(kind: string, row: FileShareRow, exp: number, sig: string): string {
    return `${deps.origin()}/api/${kind}/${encodeURIComponent(row.slug)}?exp=${exp}&sig=${sig}`;
  }

  function toView(row: FileShareRow): PublicFileView {
    deps.onView?.();
    const { exp, sig } = signer.sign(row, LINK_TTL_S, deps.clock.now());
    return {
      slug: row.slug,
      filename: row.filename,
      mimetype: row.mimetype,
      size: Number(row.size ?? 0),
      remark: row.remark,
      created_at: iso(row.created_at),
      expires_at: isoOrNull(row.expires_at),
      max_views: row.max_views,
      views: row.views,
      has_password: row.password_hash !== null,
      download_url: link('file-download', row, exp, sig),
      preview_url: link('file-view', row, exp, sig),
      office_preview_url: link('office-preview', row, exp, sig),
      links_expire_at: iso(exp * 1000),
    };
  }

  async function shareForLink(slug: string, exp: unknown, sig: unknown): Promise<FileShareRow> {
    const row = await repo.bySlug(slug);
    if (row?.status !== 'ready') throw missing(slug);
    if (!signer.verify(row, exp, sig, deps.clock.now()))
      throw forbidden('this file link is invalid or has expired; open the share again');
    // A used-up share still serves the links its last views handed out; an expired one serves nothing.
    if (isExpired(row, deps.clock.now())) throw goneError(slug);
    return row;
  }

  const views = createCountedViews<FileShareRow, FileShareRow>({
    store: {
      // Pending and deleting shares are not there for the public.
      probe: async (slug) => {
        const row = await repo.bySlug(slug);
        return row?.status === 'ready' ? row : null;
      },
      countUnprotected: repo.countUnprotected,
      countVerified: repo.countVerified,
    },
    passwords: deps.passwords,
    clock: deps.clock,
    missing,
    gone: goneError,
  });

  return {
    async view(slug) {
      const read = await views.readOpen(slug);
      return read === 'locked' ? { slug, requires_password: true } : toView(read);
    },

    async peek(slug) {
      await views.requireLive(slug);
    },

    async verify(slug, password, clientAddress) {
      return toView((await views.readWithPassword(slug, password, clientAddress)).read);
    },

    shareForLink,

    async officePreview(slug, exp, sig) {
      const row = await shareForLink(slug, exp, sig);
      // The same signature, not a fresh one: a link holder must not be able to renew access forever.
      const signed = { exp: Number(exp), sig: String(sig) };
      const url = link('file-download', row, signed.exp, signed.sig);
      return {
        url,
        microsoft_url: `https://view.officeapps.live.com/op/view.aspx?src=${encodeURIComponent(url)}`,
        google_url: `https://docs.google.com/viewer?embedded=true&url=${encodeURIComponent(url)}`,
        expires_at: iso(signed.exp * 1000),
      };
    },
  };
}
