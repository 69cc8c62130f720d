/** PROPFIND (RFC 4918 9.1): Depth 0 or 1; allprop, prop and propname; Depth infinity refused (403). */
import type { Element } from '@xmldom/xmldom';
import type { DeadProperty } from '../../fs/deadPropertyStore.ts';
import type { DavLock } from '../../fs/lockStore.ts';
import { sendStreamedText } from '../../http/streamedText.ts';
import type { DavEntry } from '../davFs.ts';
import { type DavHandler, readSmallBody } from '../davRequest.ts';
import {
  ALLPROP_NAMES,
  isLiveProperty,
  type LiveContext,
  liveNames,
  liveProperty,
} from '../liveProperties.ts';
import { seesLockToken } from '../lockOwnership.ts';
import { isInternal, mtimeOf } from '../mtime.ts';
import { DavStatus, hrefOf } from '../paths.ts';
import {
  childElements,
  DAV_NS,
  dav,
  davText,
  davXml,
  errorBody,
  firstDav,
  isDav,
  parseXml,
  propertyName,
} from '../xml.ts';

/** Responses written per piece of a Depth 1 answer. */
const ANSWERS_PER_PIECE = 64;

type Request =
  | { kind: 'allprop' }
  | { kind: 'propname' }
  | { kind: 'prop'; names: { namespace: string; name: string }[] };

function readRequest(text: string): Request {
  const doc = parseXml(text);
  if (!doc) return { kind: 'allprop' };
  const root = doc.documentElement as Element;
  if (!isDav(root, 'propfind')) throw new DavStatus(400, 'the body must be a DAV:propfind element');
  if (firstDav(root, 'allprop')) return { kind: 'allprop' };
  if (firstDav(root, 'propname')) return { kind: 'propname' };
  const prop = firstDav(root, 'prop');
  if (!prop) throw new DavStatus(400, 'DAV:propfind needs prop, allprop or propname');
  return {
    kind: 'prop',
    names: childElements(prop).map((el) => ({
      namespace: el.namespaceURI ?? '',
      name: el.localName as string,
    })),
  };
}

export const propfind: DavHandler = async (req) => {
  const { ctx, deps, actor, path } = req;
  const depth = (ctx.get('depth') || 'infinity').toLowerCase();
  if (depth !== '0' && depth !== '1') {
    ctx.status = 403;
    ctx.type = 'application/xml; charset=utf-8';
    ctx.body = errorBody('propfind-finite-depth');
    return;
  }
  const request = readRequest(await readSmallBody(ctx));
  const entry = await deps.fs.stat(actor, path);
  if (!entry) throw new DavStatus(404, `${path} not found`);
  // Depth 1 pages the children from storage as the answer is written (the first page before the 207,
  // so a refused listing is still a clean error): a folder of 100,000 is never whole in memory.
  const children =
    depth === '1' && entry.isCollection ? deps.fs.pages(actor, path)[Symbol.asyncIterator]() : null;
  const firstPage = children ? await children.next() : null;

  const [dead, locks, quota] = await Promise.all([
    deps.props.listForListing(path, children ? '1' : '0'),
    entry.isCollection
      ? Promise.all([deps.locks.covering(path), deps.locks.below(path)]).then(([a, b]) => [...a, ...b])
      : deps.locks.covering(path),
    // RFC 4331: quota properties only when asked for by name (never in allprop), so listings skip the lookup.
    request.kind === 'prop' && request.names.some((n) => n.namespace === DAV_NS && n.name.startsWith('quota'))
      ? deps.fs.quota(actor, path).catch(() => null)
      : Promise.resolve(null),
  ]);

  const now = Date.now();
  const seesToken = (lock: DavLock) => seesLockToken(actor, lock);
  const answer = (e: DavEntry): string => {
    const deadProps: DeadProperty[] = dead.get(e.path) ?? [];
    const live: LiveContext = { entry: e, locks, seesToken, quota, mtime: mtimeOf(deadProps), now };
    const visibleDead = deadProps.filter((p) => !isInternal(p));
    const found: string[] = [];
    const missing: string[] = [];
    if (request.kind === 'allprop') {
      for (const name of ALLPROP_NAMES) {
        const xml = liveProperty(name, live);
        if (xml) found.push(xml);
      }
      for (const p of visibleDead) found.push(p.xml);
    } else if (request.kind === 'propname') {
      for (const name of liveNames(live)) found.push(propertyName(DAV_NS, name));
      for (const p of visibleDead) found.push(propertyName(p.namespace, p.name));
    } else {
      for (const want of request.names) {
        const xml = isLiveProperty(want.namespace, want.name)
          ? liveProperty(want.name, live)
          : (visibleDead.find((p) => p.namespace === want.namespace && p.name === want.name)?.xml ?? null);
        if (xml) found.push(xml);
        else missing.push(propertyName(want.namespace, want.name));
      }
    }
    const propstats: string[] = [];
    if (found.length > 0 || request.kind !== 'prop')
      propstats.push(dav('propstat', dav('prop', ...found), davText('status', 'HTTP/1.1 200 OK')));
    if (missing.length > 0)
      propstats.push(dav('propstat', dav('prop', ...missing), davText('status', 'HTTP/1.1 404 Not Found')));
    return dav('response', davText('href', hrefOf(e.path, e.isCollection)), ...propstats);
  };

  ctx.status = 207;
  ctx.type = 'application/xml; charset=utf-8';
  if (!children || !firstPage) {
    ctx.body = davXml('multistatus', answer(entry));
    return;
  }
  const [head, tail] = davXml('multistatus', '\u0000').split('\u0000');
  sendStreamedText(
    ctx,
    (async function* () {
      yield head + answer(entry);
      for (let page = firstPage; !page.done; page = await children.next()) yield* piecesOf(page.value);
      yield tail;
    })(),
  );

  /**
   * A page's answers in pieces of ~50 kB (a page's whole answer, ~0.7 MB, as one write left a buffer
   * that large in the malloc heap per page). Each entry is let go once answered, so a page's objects
   * die young instead of outliving two young collections and being promoted (docs/performance.md,
   * "Huge folders").
   */
  function* piecesOf(entries: (DavEntry | undefined)[]): Generator<string> {
    for (let i = 0; i < entries.length; i += ANSWERS_PER_PIECE) {
      const piece = entries.slice(i, i + ANSWERS_PER_PIECE) as DavEntry[];
      entries.fill(undefined, i, i + ANSWERS_PER_PIECE);
      yield piece.map(answer).join('');
    }
  }
};
