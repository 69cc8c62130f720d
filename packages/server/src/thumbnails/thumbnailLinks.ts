/**
 * Signed thumbnail links for `<img>`, which sends no auth header (ADR 0075): one signature covers a
 * folder, and the holder adds the name of an entry in it. Like every signed fs link (ADR 0042) it speaks
 * for its issuer, checked again on each use, so it never shows more than the issuer may still read. Its
 * expiry is rounded to the hour, so a folder's link, and each thumbnail's URL, stays the same for an
 * hour and browsers keep what they fetched.
 */
import type { FsFileLinkResult } from '@clip/sdk';
import type { FsSignedThumbnailQuery } from '@clip/sdk/contract';
import { issuerOf, type LinkIssuers } from '../fs/linkIssuer.ts';
import { checkName, joinVirtual, normalizeVirtualPath } from '../fs/paths.ts';
import type { FsLinkSigner } from '../fs/signedLinks.ts';
import type { FsFileHandle, FsService } from '../fs/types.ts';
import { forbidden } from '../http/appError.ts';
import type { Actor } from '../services/actor.ts';
import { LINK_STABLE_MS, LINK_TTL_S } from './thumbnailRules.ts';

export function createThumbnailLinks(deps: {
  fs: FsService;
  signer: FsLinkSigner;
  issuers: LinkIssuers;
  origin(): string;
  now(): number;
}) {
  const { fs, signer } = deps;
  const invalid = () => forbidden('this thumbnail link is invalid or has expired');
  return {
    /** A link for the thumbnails of the images in `folder`, which the actor must be able to read. */
    async link(actor: Actor, folder: string): Promise<FsFileLinkResult> {
      const { path } = await fs.resolve(actor, folder, 'read');
      const by = issuerOf(actor);
      const hour = Math.floor(deps.now() / LINK_STABLE_MS) * LINK_STABLE_MS;
      const { exp, sig } = signer.sign({ mode: 'thumbnails', path, issuer: by }, LINK_TTL_S, hour);
      const q = new URLSearchParams({ dir: path, by, exp: String(exp), sig });
      return {
        url: `${deps.origin()}/api/fs/thumbnail?${q.toString()}`,
        expires_at: new Date(exp * 1000).toISOString(),
      };
    },

    /** The file a signed link names, opened as its issuer now: 403 for a bad link or a lost permission. */
    async open(q: FsSignedThumbnailQuery): Promise<FsFileHandle> {
      let dir: string;
      try {
        dir = normalizeVirtualPath(q.dir);
      } catch {
        throw invalid();
      }
      if (!signer.verify({ mode: 'thumbnails', path: dir, issuer: q.by }, q.exp, q.sig, deps.now()))
        throw invalid();
      const name = checkName(q.name);
      const actor = await deps.issuers.actorFor(q.by);
      if (!actor) throw forbidden('this link was made by a key that has since been deleted or has expired');
      return fs.open(actor, joinVirtual(dir, name));
    },
  };
}

export type ThumbnailLinks = ReturnType<typeof createThumbnailLinks>;
