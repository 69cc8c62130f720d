/**
 * The public side of a file share: a counted view hands out short-lived signed links; a protected share
 * first needs its password (rate limited per client, like text shares). With `max_views = N` exactly N
 * views succeed, however many arrive at once: the count is one conditional UPDATE. Every public access
 * is an access-log event; the owner's reads count no view, log nothing and get owner-signed links.
 */
import type { FileLocked, OfficePreview, PublicFileView } from '@clip/sdk';
import { badRequest, forbidden, gone, notFound } from '../../http/appError.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import { iso, isoOrNull } from '../../services/time.ts';
import type { AccessRecorder } from '../core/accessLog/accessRecorder.ts';
import { createShareAccessLog } from '../core/accessLog/shareAccessLog.ts';
import type { Visit } from '../core/accessLog/visit.ts';
import { createCountedViews } from '../core/countedView.ts';
import { isExpired, isLive } from '../core/liveness.ts';
import type { FileDeps } from './fileDeps.ts';
import type { FileShareRow } from './fileShareStore.ts';
import { LINK_TTL_S } from './shareRules.ts';
import type { LinkRole, LinkSigner } from './signing.ts';

export interface PublicFileDeps extends FileDeps {
  signer: LinkSigner;
  passwords: PasswordChecks;
  /** Called once per counted view (dashboard activity); must not throw. */
  onView?: () => void;
  accessLog: AccessRecorder;
}

/** A signed link's query: `exp`, `sig`, and `by=owner` on links handed to the owner. */
export interface LinkQuery {
  exp?: unknown;
  sig?: unknown;
  by?: unknown;
}

export interface LinkedShare {
  row: FileShareRow;
  /** The link was handed to the share's owner: what it serves is no visit. */
  byOwner: boolean;
}

export interface PublicFileService {
  view(slug: string, visit: Visit): Promise<PublicFileView | FileLocked>;
  /** Whether the share would serve a view, without counting one (HEAD): 404 or 410 otherwise. */
  peek(slug: string): Promise<void>;
  verify(slug: string, password: string, visit: Visit): Promise<PublicFileView>;
  /** Third-party viewer links for a holder of a valid signature. */
  officePreview(slug: string, link: LinkQuery): Promise<OfficePreview>;
  /**
   * The ready share behind a signed link; 403 for a bad or lapsed signature, 410 once expired. A refusal
   * is logged as this visit's `download`.
   */
  shareForLink(slug: string, link: LinkQuery, visit?: Visit): Promise<LinkedShare>;
  /** Logs bytes served through a reader's signed link. */
  served(visit: Visit, share: LinkedShare, bytes: number | null): void;
}

const missing = (slug: string) => notFound(`file share "${slug}" not found`);
const goneError = (slug: string) => gone(`file share "${slug}" has expired or reached its view limit`);

export function createPublicFileService(deps: PublicFileDeps): PublicFileService {
  const { repo, signer } = deps;

  function link(kind: string, row: FileShareRow, exp: number, sig: string, role: LinkRole): string {
    const by = role === 'owner' ? '&by=owner' : '';
    return `${deps.origin()}/api/${kind}/${encodeURIComponent(row.slug)}?exp=${exp}&sig=${sig}${by}`;
  }

  function toView(row: FileShareRow, role: LinkRole = 'reader'): PublicFileView {
    if (role === 'reader') deps.onView?.();
    const { exp, sig } = signer.sign(row, LINK_TTL_S, deps.clock.now(), role);
    return {
      slug: row.slug,
      filename: row.filename,
      mimetype: row.mimetype,
      size: Number(row.size ?? 0),
      remark: row.remark,
      created_at: iso(row.created_at),
      expires_at: isoOrNull(row.expires_at),
      encrypted: Boolean(row.encrypted),
      max_views: row.max_views,
      views: row.views,
      has_password: row.password_hash !== null,
      download_url: link('file-download', row, exp, sig, role),
      preview_url: link('file-view', row, exp, sig, role),
      office_preview_url: link('office-preview', row, exp, sig, role),
      links_expire_at: iso(exp * 1000),
      // The owner's page shows the share's access log, which is read by id.
      ...(role === 'owner' ? { id: row.id } : {}),
    };
  }

  const readyShare = async (slug: string) => {
    const row = await repo.bySlug(slug);
    return row?.status === 'ready' ? row : null;
  };
  const log = createShareAccessLog<FileShareRow>({
    log: deps.accessLog,
    kind: 'file',
    probe: readyShare,
    clock: deps.clock,
  });

  async function checkLink(slug: string, { exp, sig, by }: LinkQuery): Promise<LinkedShare> {
    const row = await readyShare(slug);
    if (!row) throw missing(slug);
    const role: LinkRole = by === 'owner' ? 'owner' : 'reader';
    if (!signer.verify(row, exp, sig, deps.clock.now(), role))
      throw forbidden('this file link is invalid or has expired; open the share again');
    // A used-up share still serves the links its last views handed out; an expired one serves nothing.
    if (isExpired(row, deps.clock.now())) throw goneError(slug);
    return { row, byOwner: role === 'owner' };
  }

  async function shareForLink(slug: string, link: LinkQuery, visit?: Visit): Promise<LinkedShare> {
    if (!visit) return checkLink(slug, link);
    return log.refusals(visit, slug, 'download', () => checkLink(slug, link));
  }

  /** The owner's read of a live share: no view counted, nothing logged; null for everyone else. */
  async function ownerRead(slug: string, visit: Visit): Promise<FileShareRow | null> {
    if (visit.actor.kind === 'anonymous') return null;
    const row = await readyShare(slug);
    if (!row || !log.byOwner(visit, row)) return null;
    if (!isLive(row, deps.clock.now())) throw goneError(slug);
    return row;
  }

  const views = createCountedViews<FileShareRow, FileShareRow>({
    store: {
      // Pending and deleting shares are not there for the public.
      probe: readyShare,
      countUnprotected: repo.countUnprotected,
      countVerified: repo.countVerified,
    },
    passwords: deps.passwords,
    clock: deps.clock,
    missing,
    gone: goneError,
  });

  return {
    async view(slug, visit) {
      const own = await ownerRead(slug, visit);
      if (own) return toView(own, 'owner');
      return log.refusals(visit, slug, 'view', async () => {
        const read = await views.readOpen(slug);
        if (read !== 'locked') {
          log.ok(visit, read, 'view');
          return toView(read);
        }
        const locked = await readyShare(slug);
        if (locked) log.outcome(visit, locked, 'view', 'refused');
        return { slug, requires_password: true };
      });
    },

    async peek(slug) {
      await views.requireLive(slug);
    },

    async verify(slug, password, visit) {
      const own = await ownerRead(slug, visit);
      if (own) return toView(own, 'owner');
      return log.refusals(visit, slug, 'verify', async () => {
        const { read } = await views.readWithPassword(slug, password, visit.ip);
        log.ok(visit, read, 'verify');
        return toView(read);
      });
    },

    shareForLink,

    served(visit, { row, byOwner }, bytes) {
      if (!byOwner) log.ok(visit, row, 'download', { bytes });
    },

    async officePreview(slug, query) {
      const { row, byOwner } = await shareForLink(slug, query);
      if (row.encrypted)
        throw badRequest('an end-to-end encrypted file has no preview: only its key opens it');
      // The same signature, not a fresh one: a link holder must not be able to renew access forever.
      const signed = { exp: Number(query.exp), sig: String(query.sig) };
      const role: LinkRole = byOwner ? 'owner' : 'reader';
      const url = link('file-download', row, signed.exp, signed.sig, role);
      return {
        url,
        microsoft_url: `https://view.officeapps.live.com/op/view.aspx?src=${encodeURIComponent(url)}`,
        google_url: `https://docs.google.com/viewer?embedded=true&url=${encodeURIComponent(url)}`,
        expires_at: iso(signed.exp * 1000),
      };
    },
  };
}
