/**
 * The file system through signed links (ADR 0042): making them for an actor, and using them without a
 * header. Every use verifies every signed claim, then acts *as the issuer now* (linkIssuer.ts) through the
 * ordinary permission checks, so a link never reaches more than its issuer still may. A PUT link's one
 * use is claimed in the database (signedWriteStore.ts) before its body is written.
 */

import type { Readable } from 'node:stream';
import type { FsSignedPutQuery, FsSignedQuery } from '@clip/sdk/contract';
import { randomToken } from '../crypto/tokens.ts';
import { forbidden, gone } from '../http/appError.ts';
import type { Actor } from '../services/actor.ts';
import type { FsContext } from './context.ts';
import { issuerOf } from './linkIssuer.ts';
import { normalizeVirtualPath } from './paths.ts';
import type { FsLinkClaims } from './signedLinks.ts';
import type { FsFileHandle, FsLinkMode, FsWriteResult, ResolvedMountPath } from './types.ts';

export interface SignedAccessParts {
  ctx: FsContext;
  open(r: ResolvedMountPath): Promise<FsFileHandle>;
  write(
    actor: Actor,
    path: string,
    body: Readable,
    options: { size: number; contentType?: string; createParents: boolean },
  ): Promise<FsWriteResult>;
}

const invalid = () => forbidden('this link is invalid or has expired');

function normalized(raw: string): string | null {
  try {
    return normalizeVirtualPath(raw);
  } catch {
    return null;
  }
}

export function createSignedAccess({ ctx, open, write }: SignedAccessParts) {
  const { signer, issuers, signedWrites } = ctx.deps;

  function verified(claims: FsLinkClaims, exp: string, sig: string): void {
    if (!claims.path || !signer.verify(claims, exp, sig, ctx.now())) throw invalid();
  }

  async function issuer(by: string): Promise<Actor> {
    const actor = await issuers.actorFor(by);
    if (!actor) throw forbidden('this link was made by a key that has since been deleted or has expired');
    return actor;
  }

  return {
    /** A link to our download or preview route (or an HTML file's render link) for `actor`. */
    url(actor: Actor, path: string, mode: 'download' | 'preview' | 'render', ttl: number): string {
      const by = issuerOf(actor);
      const { exp, sig } = signer.sign({ mode, path, issuer: by }, ttl, ctx.now());
      const q = new URLSearchParams({ path, by, exp: String(exp), sig });
      if (mode === 'render') q.set('render', 'html');
      return `${ctx.deps.origin()}/api/fs/${mode === 'download' ? 'download' : 'preview'}?${q.toString()}`;
    },

    async open(link: FsSignedQuery, mode: FsLinkMode): Promise<FsFileHandle> {
      // Rendering is its own signed mode, and only ever a preview.
      if (link.render === 'html' && mode !== 'preview') throw invalid();
      const path = normalized(link.path) ?? '';
      verified({ mode: link.render === 'html' ? 'render' : mode, path, issuer: link.by }, link.exp, link.sig);
      return open(await ctx.resolveMount(await issuer(link.by), path, 'read'));
    },

    uploadUrl(actor: Actor, resolved: ResolvedMountPath, size: number, ttl: number): string {
      const nonce = randomToken(18);
      const claims: FsLinkClaims = { mode: 'put', path: resolved.path, issuer: issuerOf(actor), size, nonce };
      const { exp, sig } = signer.sign(claims, ttl, ctx.now());
      const q = new URLSearchParams({
        path: claims.path,
        size: String(size),
        by: claims.issuer,
        n: nonce,
        exp: String(exp),
        sig,
      });
      return `${ctx.deps.origin()}/api/fs/put?${q.toString()}`;
    },

    async write(link: FsSignedPutQuery, body: Readable, contentType?: string): Promise<FsWriteResult> {
      const path = normalized(link.path) ?? '';
      const size = Number(link.size);
      verified({ mode: 'put', path, issuer: link.by, size, nonce: link.n }, link.exp, link.sig);
      const actor = await issuer(link.by);
      if (!(await signedWrites.claim(link.n, Number(link.exp) * 1000)))
        throw gone('this upload link has already been used: ask for a new one');
      try {
        // The issuer's own write: its scope, locks, parent folders and the listing caches of every process.
        return await write(actor, path, body, { size, contentType, createParents: true });
      } catch (err) {
        // Nothing landed: the link may be used again.
        await signedWrites.release(link.n);
        throw err;
      }
    },
  };
}
