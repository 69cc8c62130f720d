/** PROPFIND (RFC 4918 9.1): Depth 0 or 1; allprop, prop and propname; Depth infinity refused (403). */
import type { Element } from '@xmldom/xmldom';
import type { DavEntry } from '../davFs.ts';
import { type DavHandler, readSmallBody } from '../davRequest.ts';
import type { DeadProperty } from '../deadProperties.ts';
import { appendLive, isLiveProperty, type LiveContext, liveNames } from '../liveProperties.ts';
import { isInternal, mtimeOf } from '../mtime.ts';
import { DavStatus, hrefOf } from '../paths.ts';
import {
  childElements,
  DAV_NS,
  davChild,
  davDocument,
  errorBody,
  firstDav,
  importStored,
  isDav,
  parseXml,
  propertyElement,
  xmlText,
} from '../xml.ts';

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
  const entries: DavEntry[] = [entry];
  if (depth === '1' && entry.isCollection) entries.push(...(await deps.fs.list(actor, path)));

  const [dead, locks, quota] = await Promise.all([
    deps.props.listMany(entries.map((e) => e.path)),
    entry.isCollection
      ? Promise.all([deps.locks.covering(path), deps.locks.below(path)]).then(([a, b]) => [...a, ...b])
      : deps.locks.covering(path),
    request.kind === 'prop' &&
    !request.names.some((n) => n.namespace === DAV_NS && n.name.startsWith('quota'))
      ? Promise.resolve(null)
      : deps.fs.quota(actor, path).catch(() => null),
  ]);

  const { doc, root } = davDocument('multistatus');
  const now = Date.now();
  for (const e of entries) {
    const deadProps: DeadProperty[] = dead.get(e.path) ?? [];
    const live: LiveContext = { entry: e, locks, quota, mtime: mtimeOf(deadProps), now };
    const visibleDead = deadProps.filter((p) => !isInternal(p));
    const response = davChild(root, 'response');
    davChild(response, 'href', hrefOf(e.path, e.isCollection));
    const found = doc.createElementNS(DAV_NS, 'D:prop');
    const missing = doc.createElementNS(DAV_NS, 'D:prop');
    if (request.kind === 'allprop') {
      for (const name of liveNames(live)) appendLive(found, name, live);
      for (const p of visibleDead) found.appendChild(importStored(doc, p.xml));
    } else if (request.kind === 'propname') {
      for (const name of liveNames(live)) found.appendChild(propertyElement(doc, DAV_NS, name));
      for (const p of visibleDead) found.appendChild(propertyElement(doc, p.namespace, p.name));
    } else {
      for (const want of request.names) {
        if (isLiveProperty(want.namespace, want.name)) {
          if (!appendLive(found, want.name, live))
            missing.appendChild(propertyElement(doc, want.namespace, want.name));
          continue;
        }
        const d = visibleDead.find((p) => p.namespace === want.namespace && p.name === want.name);
        if (d) found.appendChild(importStored(doc, d.xml));
        else missing.appendChild(propertyElement(doc, want.namespace, want.name));
      }
    }
    for (const [prop, status] of [
      [found, 'HTTP/1.1 200 OK'],
      [missing, 'HTTP/1.1 404 Not Found'],
    ] as const) {
      if (!prop.firstChild && !(prop === found && request.kind !== 'prop')) continue;
      const propstat = davChild(response, 'propstat');
      propstat.appendChild(prop);
      davChild(propstat, 'status', status);
    }
  }
  ctx.status = 207;
  ctx.type = 'application/xml; charset=utf-8';
  ctx.body = xmlText(doc);
};
