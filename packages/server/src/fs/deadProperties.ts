/**
 * Dead properties (WebDAV PROPPATCH) in the database, keyed by virtual path. The file-system service
 * moves, copies and removes them with their resource (writes.ts), whichever interface asked.
 */
import type { Knex } from 'knex';

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

/** Rows at `path` or below it, without LIKE (whose case rules differ between SQLite and Postgres). */
export function atOrBelow(q: Knex.QueryBuilder, path: string): Knex.QueryBuilder {
  if (path === '/') return q;
  const prefix = `${path}/`;
  return q.where((w) => w.where('path', path).orWhereRaw('substr(path, 1, ?) = ?', [prefix.length, prefix]));
}

export function createDeadProperties(knex: Knex) {
  const table = () => knex('dav_properties');
  return {
    async list(path: string): Promise<DeadProperty[]> {
      return table().where({ path }).select('namespace', 'name', 'xml').orderBy(['namespace', 'name']);
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

    /** All changes in one transaction: PROPPATCH is atomic (RFC 4918 9.2). */
    async apply(path: string, changes: PropertyChange[]): Promise<void> {
      await knex.transaction(async (trx) => {
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
