/**
 * WebDAV locks in the database, so every server process sharing it honours them. The file-system service
 * owns them (lockGuard.ts): a write through any interface is refused (423) without the lock's token.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Dialect } from '../db/connect.ts';
import { loadModels } from '../db/models/loadModels.ts';
import { locked } from '../http/appError.ts';
import { atOrBelow } from './deadPropertyStore.ts';

export const MAX_LOCK_SECONDS = 3600;

export interface DavLock {
  token: string;
  path: string;
  depth: '0' | 'infinity';
  scope: 'exclusive' | 'shared';
  ownerXml: string | null;
  principal: string;
  timeoutSeconds: number;
  expiresAt: number;
}

export interface LockRow {
  token: string;
  path: string;
  depth: string;
  scope: string;
  owner_xml: string | null;
  principal: string;
  timeout_seconds: number;
  expires_at: number | string;
  created_at: number;
}

const toLock = (r: LockRow): DavLock => ({
  token: r.token,
  path: r.path,
  depth: r.depth === '0' ? '0' : 'infinity',
  scope: r.scope === 'shared' ? 'shared' : 'exclusive',
  ownerXml: r.owner_xml,
  principal: r.principal,
  timeoutSeconds: r.timeout_seconds,
  expiresAt: Number(r.expires_at),
});

/** `/a/b/c` -> [`/`, `/a`, `/a/b`, `/a/b/c`]. */
export function selfAndAncestors(path: string): string[] {
  const out = ['/'];
  let acc = '';
  for (const s of path.split('/').filter(Boolean)) {
    acc += `/${s}`;
    out.push(acc);
  }
  return out;
}

/** `Timeout: Second-600, Infinite` -> seconds, capped at one hour. */
export function parseTimeout(header: string | undefined): number {
  for (const part of (header ?? '').split(',').map((s) => s.trim())) {
    if (/^infinite$/i.test(part)) return MAX_LOCK_SECONDS;
    const m = /^second-(\d+)$/i.exec(part);
    if (m) return Math.max(1, Math.min(MAX_LOCK_SECONDS, Number(m[1])));
  }
  return MAX_LOCK_SECONDS;
}

export function createLockStore(knex: Knex, dialect: Dialect, now: () => number = Date.now) {
  const live = (q: Knex.QueryBuilder) => q.where('expires_at', '>', now());

  /** Serialises lock creation across processes (Postgres); SQLite writes are serialised already. */
  async function exclusive<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return knex.transaction(async (trx) => {
      if (dialect === 'postgres') await trx.raw('SELECT pg_advisory_xact_lock(?)', [0x64617600]);
      return fn(trx);
    });
  }

  async function covering(db: Knex | Knex.Transaction, path: string): Promise<DavLock[]> {
    const rows: LockRow[] = await live(db('dav_locks').whereIn('path', selfAndAncestors(path)));
    return rows.map(toLock).filter((l) => l.path === path || l.depth === 'infinity');
  }

  async function below(db: Knex | Knex.Transaction, path: string): Promise<DavLock[]> {
    const rows: LockRow[] = await live(atOrBelow(db('dav_locks'), path));
    return rows.map(toLock);
  }

  return {
    /** Locks that apply to `path`: rooted there, or Depth infinity on an ancestor. */
    covering: (path: string) => covering(knex, path),
    /** Locks rooted at `path` or anywhere below it. */
    below: (path: string) => below(knex, path),

    async get(token: string): Promise<DavLock | null> {
      const row: LockRow | undefined = await live(knex('dav_locks').where({ token })).first();
      return row ? toLock(row) : null;
    },

    /**
     * The tokens among `tokens` whose live locks `principal` created: only a lock's creator submits it
     * (RFC 4918 6.4), whoever else has read its token.
     */
    async heldBy(tokens: ReadonlySet<string>, principal: string): Promise<Set<string>> {
      if (tokens.size === 0) return new Set();
      const rows: { token: string }[] = await live(
        knex('dav_locks')
          .whereIn('token', [...tokens])
          .where({ principal }),
      ).select('token');
      return new Set(rows.map((r) => r.token));
    },

    /** Takes a new lock, or 423 when it conflicts with one already held. */
    async create(input: Omit<DavLock, 'token' | 'expiresAt'>): Promise<DavLock> {
      return exclusive(async (trx) => {
        await trx('dav_locks').where('expires_at', '<=', now()).delete();
        const conflicts = [...(await covering(trx, input.path))];
        if (input.depth === 'infinity')
          conflicts.push(...(await below(trx, input.path)).filter((l) => l.path !== input.path));
        if (conflicts.some((l) => l.scope === 'exclusive' || input.scope === 'exclusive'))
          throw locked(`"${input.path}" is already locked`);
        const lock: DavLock = {
          ...input,
          token: `opaquelocktoken:${randomUUID()}`,
          expiresAt: now() + input.timeoutSeconds * 1000,
        };
        await (await loadModels()).DavLockModel.query(trx).insert({
          token: lock.token,
          path: lock.path,
          depth: lock.depth,
          scope: lock.scope,
          owner_xml: lock.ownerXml,
          principal: lock.principal,
          timeout_seconds: lock.timeoutSeconds,
          expires_at: lock.expiresAt,
          created_at: now(),
        });
        return lock;
      });
    },

    async refresh(token: string, timeoutSeconds: number): Promise<DavLock | null> {
      const expiresAt = now() + timeoutSeconds * 1000;
      const n = await live(knex('dav_locks').where({ token })).update({
        timeout_seconds: timeoutSeconds,
        expires_at: expiresAt,
      });
      if (!n) return null;
      const row: LockRow | undefined = await (await loadModels()).DavLockModel.query(knex).findById(token);
      return row ? toLock(row) : null;
    },

    async remove(token: string): Promise<boolean> {
      return (await (await loadModels()).DavLockModel.query(knex).deleteById(token)) > 0;
    },

    /** Drops locks at or below a path that is gone (DELETE, MOVE source). */
    async removeTree(path: string): Promise<void> {
      await atOrBelow(knex('dav_locks'), path).delete();
    },
  };
}

export type LockStore = ReturnType<typeof createLockStore>;
