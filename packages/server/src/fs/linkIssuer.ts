/**
 * Who a signed link speaks for. A link carries its issuer (`admin:<id>` or `apikey:<id>`) under its
 * signature, and every use looks the issuer up again and checks the path against what it may do *now*:
 * deleting a key, letting it expire, taking its mount permission or narrowing its basic path voids every
 * link it made, on every server process.
 */
import type { Actor } from '../services/actor.ts';

export interface LinkIssuers {
  /** The actor an issuer reference names, as it stands now; null when it no longer exists or has expired. */
  actorFor(issuer: string): Promise<Actor | null>;
}

export function issuerOf(actor: Actor): string {
  if (actor.kind === 'admin') return `admin:${actor.id}`;
  if (actor.kind === 'apikey') return `apikey:${actor.id}`;
  throw new Error('anonymous actors issue no links');
}

export function createLinkIssuers(lookup: {
  admin(id: string): Promise<Actor | null>;
  apiKey(id: string): Promise<Actor | null>;
}): LinkIssuers {
  return {
    async actorFor(issuer) {
      const colon = issuer.indexOf(':');
      const kind = issuer.slice(0, colon);
      const id = issuer.slice(colon + 1);
      if (kind === 'admin') return lookup.admin(id);
      if (kind === 'apikey') return lookup.apiKey(id);
      return null;
    },
  };
}
