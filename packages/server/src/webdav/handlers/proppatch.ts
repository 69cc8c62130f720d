/**
 * PROPPATCH (RFC 4918 9.2): dead properties set and removed atomically; live ones are protected (403).
 * Needs write access to the path, as PUT does. A change that would leave the resource over the property
 * cap fails whole, its properties answered 507 as RFC 4918 9.2.1 says, with the cap named.
 */
import type { Element } from '@xmldom/xmldom';
import { PropertyCapError, type PropertyChange } from '../../fs/deadPropertyStore.ts';
import { checkPreconditions, type DavHandler, readSmallBody } from '../davRequest.ts';
import { isLiveProperty } from '../liveProperties.ts';
import { INTERNAL_NS } from '../mtime.ts';
import { DavStatus, hrefOf } from '../paths.ts';
import { childElements, dav, davText, davXml, isDav, parseXml, propertyName, serialize } from '../xml.ts';

export const proppatch: DavHandler = async (req) => {
  const { ctx, deps, actor, path } = req;
  await deps.fs.requireWritable(actor, path);
  const doc = parseXml(await readSmallBody(ctx));
  const root = doc?.documentElement as Element | undefined;
  if (!root || !isDav(root, 'propertyupdate'))
    throw new DavStatus(400, 'the body must be a DAV:propertyupdate element');
  const entry = await deps.fs.stat(actor, path);
  if (!entry) throw new DavStatus(404, `${path} not found`);
  await checkPreconditions(req, { paths: [path] });

  const changes: PropertyChange[] = [];
  for (const action of childElements(root)) {
    const remove = isDav(action, 'remove');
    if (!remove && !isDav(action, 'set'))
      throw new DavStatus(400, 'DAV:propertyupdate holds only set and remove');
    for (const prop of childElements(action).filter((el) => isDav(el, 'prop'))) {
      for (const el of childElements(prop)) {
        changes.push({
          namespace: el.namespaceURI ?? '',
          name: el.localName as string,
          xml: remove ? null : serialize(el),
        });
      }
    }
  }
  const protectedOnes = changes.filter(
    (c) => isLiveProperty(c.namespace, c.name) || c.namespace === INTERNAL_NS,
  );
  let overCap: string | null = null;
  if (protectedOnes.length === 0) {
    try {
      await deps.props.apply(path, changes, { capped: true });
    } catch (err) {
      if (!(err instanceof PropertyCapError)) throw err;
      overCap = err.message;
    }
  }

  const seen = new Set<string>();
  const propstats: string[] = [];
  for (const c of changes) {
    const key = `${c.namespace}\0${c.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const refused = protectedOnes.includes(c);
    const status = overCap
      ? '507 Insufficient Storage'
      : protectedOnes.length === 0
        ? '200 OK'
        : refused
          ? '403 Forbidden'
          : '424 Failed Dependency';
    propstats.push(
      dav(
        'propstat',
        dav('prop', propertyName(c.namespace, c.name)),
        davText('status', `HTTP/1.1 ${status}`),
        refused ? dav('error', dav('cannot-modify-protected-property')) : '',
        overCap ? davText('responsedescription', overCap) : '',
      ),
    );
  }
  ctx.status = 207;
  ctx.type = 'application/xml; charset=utf-8';
  ctx.body = davXml(
    'multistatus',
    dav('response', davText('href', hrefOf(path, entry.isCollection)), ...propstats),
  );
};
