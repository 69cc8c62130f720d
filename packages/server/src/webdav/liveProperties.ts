/** The live properties of a resource (RFC 4918 section 15), computed from the fs entry and its locks. */
import type { Document, Element } from '@xmldom/xmldom';
import type { DavEntry, DavQuota } from './davFs.ts';
import type { DavLock } from './lockStore.ts';
import { hrefOf, isWithin } from './paths.ts';
import { DAV_NS, davChild, importStored } from './xml.ts';

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
export const isLiveProperty = (namespace: string, name: string) => namespace === DAV_NS && LIVE.has(name);

export interface LiveContext {
  entry: DavEntry;
  /** Locks that may apply (filtered per resource here). */
  locks: DavLock[];
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

export function activeLock(parent: Element, lock: DavLock, now: number): void {
  const active = davChild(parent, 'activelock');
  davChild(davChild(active, 'locktype'), 'write');
  davChild(davChild(active, 'lockscope'), lock.scope);
  davChild(active, 'depth', lock.depth === '0' ? '0' : 'infinity');
  if (lock.ownerXml) active.appendChild(importStored(active.ownerDocument as Document, lock.ownerXml));
  davChild(active, 'timeout', `Second-${Math.max(0, Math.round((lock.expiresAt - now) / 1000))}`);
  davChild(davChild(active, 'locktoken'), 'href', lock.token);
  davChild(davChild(active, 'lockroot'), 'href', hrefOf(lock.path, false));
}

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

/** Appends the live property `name` to `prop`; false when the resource has no such property. */
export function appendLive(prop: Element, name: string, ctx: LiveContext): boolean {
  if (!liveNames(ctx).includes(name)) return false;
  const { entry } = ctx;
  switch (name) {
    case 'resourcetype': {
      const el = davChild(prop, 'resourcetype');
      if (entry.isCollection) davChild(el, 'collection');
      return true;
    }
    case 'displayname':
      davChild(prop, 'displayname', entry.name);
      return true;
    case 'getlastmodified':
      davChild(prop, 'getlastmodified', httpDate((ctx.mtime ?? entry.modified) as Date));
      return true;
    case 'creationdate':
      davChild(prop, 'creationdate', ((entry.created ?? entry.modified) as Date).toISOString());
      return true;
    case 'getcontentlength':
      davChild(prop, 'getcontentlength', String(entry.size));
      return true;
    case 'getcontenttype':
      davChild(prop, 'getcontenttype', entry.contentType ?? 'application/octet-stream');
      return true;
    case 'getetag':
      davChild(prop, 'getetag', `"${(entry.etag as string).replace(/^W\//, '').replace(/"/g, '')}"`);
      return true;
    case 'supportedlock': {
      const el = davChild(prop, 'supportedlock');
      for (const scope of ['exclusive', 'shared']) {
        const entryEl = davChild(el, 'lockentry');
        davChild(davChild(entryEl, 'lockscope'), scope);
        davChild(davChild(entryEl, 'locktype'), 'write');
      }
      return true;
    }
    case 'lockdiscovery': {
      const el = davChild(prop, 'lockdiscovery');
      for (const lock of locksOn(entry.path, ctx.locks)) activeLock(el, lock, ctx.now);
      return true;
    }
    case 'quota-available-bytes':
      davChild(prop, 'quota-available-bytes', String(ctx.quota?.available ?? 0));
      return true;
    case 'quota-used-bytes':
      davChild(prop, 'quota-used-bytes', String(ctx.quota?.used ?? 0));
      return true;
  }
  return false;
}
