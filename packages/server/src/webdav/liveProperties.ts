/** The live properties of a resource (RFC 4918 section 15), computed from the fs entry and its locks. */

import type { DavLock } from '../fs/lockStore.ts';
import type { DavEntry, DavQuota } from './davFs.ts';
import { hrefOf, isWithin } from './paths.ts';
import { DAV_NS, dav, davText } from './xml.ts';

export const LIVE_NAMES = [
  'resourcetype',
  'displayname',
  'getlastmodified',
  'creationdate',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'supportedlock',
  'lockdiscovery',
  'quota-available-bytes',
  'quota-used-bytes',
] as const;

const LIVE = new Set<string>(LIVE_NAMES);
/** allprop leaves the quota properties out (RFC 4331 section 3). */
export const ALLPROP_NAMES = LIVE_NAMES.filter((n) => !n.startsWith('quota'));
export const isLiveProperty = (namespace: string, name: string) => namespace === DAV_NS && LIVE.has(name);

export interface LiveContext {
  entry: DavEntry;
  /** Locks that may apply (filtered per resource here). */
  locks: DavLock[];
  /** Whether the asker may see a lock's token (lockOwnership.ts); others see the lock without it. */
  seesToken(lock: DavLock): boolean;
  quota: DavQuota | null;
  /** A client-given modification time (X-OC-Mtime) overriding the storage's. */
  mtime: Date | null;
  now: number;
}

/** RFC 1123 in GMT, as getlastmodified requires. */
export const httpDate = (d: Date) => d.toUTCString();

export function locksOn(path: string, locks: DavLock[]): DavLock[] {
  return locks.filter((l) => l.path === path || (l.depth === 'infinity' && isWithin(l.path, path)));
}

/** A lock as DAV:activelock; its token only with `showToken` (a token lets its holder write). */
export function activeLock(lock: DavLock, now: number, showToken: boolean): string {
  return dav(
    'activelock',
    dav('locktype', dav('write')),
    dav('lockscope', dav(lock.scope)),
    davText('depth', lock.depth === '0' ? '0' : 'infinity'),
    lock.ownerXml ?? '',
    davText('timeout', `Second-${Math.max(0, Math.round((lock.expiresAt - now) / 1000))}`),
    showToken ? dav('locktoken', davText('href', lock.token)) : '',
    dav('lockroot', davText('href', hrefOf(lock.path, false))),
  );
}

const SUPPORTED_LOCK = dav(
  'supportedlock',
  dav('lockentry', dav('lockscope', dav('exclusive')), dav('locktype', dav('write'))),
  dav('lockentry', dav('lockscope', dav('shared')), dav('locktype', dav('write'))),
);

/** Which live properties exist for this resource (allprop / propname list these). */
export function liveNames(ctx: LiveContext): string[] {
  return LIVE_NAMES.filter((name) => {
    if (name === 'getcontentlength' || name === 'getcontenttype') return !ctx.entry.isCollection;
    if (name === 'getetag') return ctx.entry.etag !== null;
    if (name === 'getlastmodified') return ctx.entry.modified !== null || ctx.mtime !== null;
    if (name === 'creationdate') return (ctx.entry.created ?? ctx.entry.modified) !== null;
    if (name.startsWith('quota')) return ctx.quota !== null;
    return true;
  });
}

/** The live property `name` of this resource as XML, or null when the resource has no such property. */
export function liveProperty(name: string, ctx: LiveContext): string | null {
  const { entry } = ctx;
  switch (name) {
    case 'resourcetype':
      return entry.isCollection ? dav('resourcetype', dav('collection')) : dav('resourcetype');
    case 'displayname':
      return davText('displayname', entry.name);
    case 'getlastmodified': {
      const modified = ctx.mtime ?? entry.modified;
      return modified ? davText('getlastmodified', httpDate(modified)) : null;
    }
    case 'creationdate': {
      const created = entry.created ?? entry.modified;
      return created ? davText('creationdate', created.toISOString()) : null;
    }
    case 'getcontentlength':
      return entry.isCollection ? null : davText('getcontentlength', String(entry.size));
    case 'getcontenttype':
      return entry.isCollection
        ? null
        : davText('getcontenttype', entry.contentType ?? 'application/octet-stream');
    case 'getetag':
      return entry.etag === null
        ? null
        : davText('getetag', `"${entry.etag.replace(/^W\//, '').replace(/"/g, '')}"`);
    case 'supportedlock':
      return SUPPORTED_LOCK;
    case 'lockdiscovery':
      return dav(
        'lockdiscovery',
        ...locksOn(entry.path, ctx.locks).map((l) => activeLock(l, ctx.now, ctx.seesToken(l))),
      );
    case 'quota-available-bytes':
      return ctx.quota ? davText('quota-available-bytes', String(ctx.quota.available)) : null;
    case 'quota-used-bytes':
      return ctx.quota ? davText('quota-used-bytes', String(ctx.quota.used)) : null;
  }
  return null;
}
