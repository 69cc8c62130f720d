/**
 * Dead properties (WebDAV PROPPATCH) in the database, keyed by virtual path. The file-system service
 * moves, copies and removes them with their resource (writes.ts), whichever interface asked.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../db/connect.ts';
import { loadModels } from '../db/models/loadModels.ts';

export interface DeadProperty {
  namespace: string;
  name: string;
  /** The whole property element, serialised. */
  xml: string;
}

export interface PropertyChange {
  namespace: string;
  name: string;
  /** null removes the property. */
  xml: string | null;
}

/**
 * What clients may store on one resource (PROPPATCH): without a cap, one key could fill the database
 * through properties on a single file.
 */
export const PROPERTY_CAP = { count: 100, bytes: 64 * 1024 } as const;

/** A PROPPATCH that would leave a resource with more properties than `PROPERTY_CAP` allows. */
export class PropertyCapError extends Error {}

/** Rows at `path` or below it, without LIKE (whose case rules differ between SQLite and Postgres). */
export function atOrBelow(q: Knex.QueryBuilder, path: string): Knex.QueryBuilder {
  if (path === '/') return q;
  const prefix = `${path}/`;
  return q.where((w) => w.where('path', path).orWhereRaw('substr(path, 1, ?) = ?', [prefix.length, prefix]));
}

/** The problem when `props` exceed the cap, or null. */
function overCap(props: Iterable<{ xml: string }>): string | null {
  let count = 0;
  let bytes = 0;
  for (const p of props) {
    count++;
    bytes += Buffer.byteLength(p.xml);
  }
  if (count > PROPERTY_CAP.count)
    return `a resource holds at most ${PROPERTY_CAP.count} properties; this change leaves ${count}`;
  if (bytes > PROPERTY_CAP.bytes)
    return `a resource's properties hold at most ${PROPERTY_CAP.bytes} bytes; this change leaves ${bytes}`;
  return null;
}

export function createDeadProperties(knex: Knex, dialect: Dialect) {
  const table = () => knex('dav_properties');
  return {
    async list(path: string): Promise<DeadProperty[]> {
      return (await loadModels()).DavPropertyModel.query(knex)
        .where({ path })
        .select('namespace', 'name', 'xml')
        .orderBy(['namespace', 'name']);
    },

    /**
     * Dead properties of a collection and its direct members (a Depth 1 PROPFIND) in one query, grouped
     * by path. Rows deeper down come back too and are dropped here: the table is small next to a listing.
     */
    async listForListing(path: string, depth: '0' | '1'): Promise<Map<string, DeadProperty[]>> {
      const rows: (DeadProperty & { path: string })[] = await (depth === '0'
        ? table().where({ path })
        : atOrBelow(table(), path)
      ).select('path', 'namespace', 'name', 'xml');
      const base = path === '/' ? '' : path;
      const out = new Map<string, DeadProperty[]>();
      for (const row of rows) {
        if (row.path !== path && row.path.slice(base.length + 1).includes('/')) continue;
        const list = out.get(row.path) ?? [];
        list.push({ namespace: row.namespace, name: row.name, xml: row.xml });
        out.set(row.path, list);
      }
      return out;
    },

    /**
     * All changes in one transaction: PROPPATCH is atomic (RFC 4918 9.2). With `capped` (what clients
     * set), a change that leaves the resource over `PROPERTY_CAP` throws PropertyCapError and changes nothing.
     */
    async apply(path: string, changes: PropertyChange[], options: { capped?: boolean } = {}): Promise<void> {
      await knex.transaction(async (trx) => {
        if (options.capped) {
          // Concurrent PROPPATCHes of one path (any process) take turns, so none slips past the cap.
          if (dialect === 'postgres') await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [path]);
          const rows: DeadProperty[] = await trx('dav_properties')
            .where({ path })
            .select('namespace', 'name', 'xml');
          const after = new Map(rows.map((r) => [`${r.namespace}\0${r.name}`, r]));
          for (const c of changes) {
            const key = `${c.namespace}\0${c.name}`;
            if (c.xml === null) after.delete(key);
            else after.set(key, { namespace: c.namespace, name: c.name, xml: c.xml });
          }
          const problem = overCap(after.values());
          if (problem) throw new PropertyCapError(problem);
        }
        for (const c of changes) {
          await trx('dav_properties').where({ path, namespace: c.namespace, name: c.name }).delete();
          if (c.xml !== null)
            await trx('dav_properties').insert({ path, namespace: c.namespace, name: c.name, xml: c.xml });
        }
      });
    },

    async removeTree(path: string): Promise<void> {
      await atOrBelow(table(), path).delete();
    },

    /**
     * Copies the properties of `from` (and below) onto `to`, replacing what `to` (and below) had; `shallow`
     * copies and replaces those of the path itself only.
     */
    async copyTree(from: string, to: string, shallow = false): Promise<void> {
      await knex.transaction(async (trx) => {
        if (shallow) await trx('dav_properties').where({ path: to }).delete();
        else await atOrBelow(trx('dav_properties'), to).delete();
        const q = trx('dav_properties').select('path', 'namespace', 'name', 'xml');
        const rows = shallow ? await q.where({ path: from }) : await atOrBelow(q, from);
        const moved = rows.map((r: DeadProperty & { path: string }) => ({
          ...r,
          path: to + r.path.slice(from.length),
        }));
        for (let i = 0; i < moved.length; i += 200)
          await trx('dav_properties').insert(moved.slice(i, i + 200));
      });
    },

    async moveTree(from: string, to: string): Promise<void> {
      await knex.transaction(async (trx) => {
        await atOrBelow(trx('dav_properties'), to).delete();
        const rows = await atOrBelow(trx('dav_properties').select('path', 'namespace', 'name', 'xml'), from);
        await atOrBelow(trx('dav_properties'), from).delete();
        const moved = rows.map((r: DeadProperty & { path: string }) => ({
          ...r,
          path: to + r.path.slice(from.length),
        }));
        for (let i = 0; i < moved.length; i += 200)
          await trx('dav_properties').insert(moved.slice(i, i + 200));
      });
    },
  };
}

export type DeadProperties = ReturnType<typeof createDeadProperties>;
