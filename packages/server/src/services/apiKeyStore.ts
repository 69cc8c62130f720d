/**
 * The only writer of `api_keys` (ADR 0045). The admin's key management goes through the objection
 * model (db/models/ApiKeyModel.ts), loaded on first use; the per-request lookups are hot statements.
 */
import type { Knex } from 'knex';
import { type HotStatements, hotStatement, type SqliteHotStatements } from '../db/hotStatements.ts';
import type { ApiKeyModel } from '../db/models/ApiKeyModel.ts';
import { loadModels } from '../db/models/loadModels.ts';
import { sameTurnBatch, settledValue } from '../db/sameTurnBatch.ts';
import { type CountRow, RATE_LIMIT_READ } from './rateLimitStore.ts';

export type ApiKeyRow = Pick<
  ApiKeyModel,
  | 'id'
  | 'name'
  | 'key_hash'
  | 'key_sealed'
  | 'expires_at'
  | 'text_permission'
  | 'file_permission'
  | 'mount_permission'
  | 'basic_path'
  | 'last_used'
  | 'created_at'
>;

/** Every request with an ApiKey runs these: prepared once (db/hotStatements.ts). */
export type KeyLookupRow = Omit<ApiKeyRow, 'key_hash' | 'key_sealed' | 'created_at'>;
const KEY_BY_HASH = hotStatement(
  'api_key_by_hash',
  `SELECT id, name, expires_at, text_permission, file_permission, mount_permission, basic_path, last_used
  FROM api_keys WHERE key_hash = ?`,
);
/** Every use of a signed file-system link looks its issuing key up by id. */
const KEY_BY_ID = hotStatement(
  'api_key_by_id',
  `SELECT id, name, expires_at, text_permission, file_permission, mount_permission, basic_path, last_used
  FROM api_keys WHERE id = ?`,
);
const KEY_TOUCH = hotStatement('api_key_touch', 'UPDATE api_keys SET last_used = ? WHERE id = ?');
/**
 * Postgres: the lookups of one event-loop turn in one round trip (db/sameTurnBatch.ts, ADR 0025), with
 * their callers' guessing budgets (`rate_limits`, rateLimitStore.ts) in the same statement. Two index
 * reads appended, not joined: Postgres plans each execution (ADR 0096), and a join of the lookups with
 * both tables took twice as long to plan as the two reads it replaced.
 */
const KEYS_WITH_BUDGETS = hotStatement(
  'api_keys_with_budgets',
  '-- Postgres only',
  `SELECT key_hash AS found, id, name, expires_at, text_permission, file_permission, mount_permission,
    basic_path, last_used, NULL::bigint AS failures, NULL::bigint AS window_start
  FROM api_keys WHERE key_hash = ANY($1::text[])
  UNION ALL
  SELECT key, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, failures, window_start
  FROM rate_limits WHERE key = ANY($2::text[])`,
);

/** A key's hash, and the stored key of the caller's budget row when the lookup reads it too. */
interface KeyQuery {
  hash: string;
  budgetRow: string | null;
}

/** The key's row (none: no such key) and the caller's budget row (none: no failures counted, or not asked). */
interface KeyAnswer {
  key: KeyLookupRow | null;
  budget: CountRow | null;
}

/** A row of KEYS_WITH_BUDGETS: a key's (`failures` null) or a budget's, `found` by its key or hash. */
type FoundRow = KeyLookupRow & { found: string; failures: string | null; window_start: string | null };

/**
 * The key row for a hash, read from the database on every call (never cached: a revoked key must fail
 * at once on every server process), with the caller's budget row in the same read, so a request with a
 * key waits for one round trip, not two. The lookups of one event-loop turn share a read (ADR 0025): on
 * SQLite one read transaction (a read alone opens and closes its own, two lock system calls on the WAL
 * index), on Postgres one statement.
 */
function keyLookup(
  hot: HotStatements,
  sqliteHot: SqliteHotStatements | null,
): (query: KeyQuery) => Promise<KeyAnswer> {
  if (sqliteHot)
    return sameTurnBatch<KeyQuery, KeyAnswer>((queries) =>
      sqliteHot.unit((run) =>
        queries.map(({ hash, budgetRow }) =>
          settledValue({
            key: run<KeyLookupRow>(KEY_BY_HASH, [hash])[0] ?? null,
            budget: budgetRow === null ? null : (run<CountRow>(RATE_LIMIT_READ, [budgetRow])[0] ?? null),
          }),
        ),
      ),
    );
  return sameTurnBatch<KeyQuery, KeyAnswer>(async (queries) => {
    const rows = await hot.rows<FoundRow>(KEYS_WITH_BUDGETS, [
      [...new Set(queries.map((q) => q.hash))],
      [...new Set(queries.flatMap((q) => (q.budgetRow === null ? [] : [q.budgetRow])))],
    ]);
    const keys = new Map<string, KeyLookupRow>();
    const budgets = new Map<string, CountRow>();
    for (const { found, failures, window_start, ...key } of rows) {
      // Both budget columns are NOT NULL in rate_limits: null marks a key's row.
      if (failures === null) keys.set(found, key);
      else budgets.set(found, { failures, window_start: window_start as string });
    }
    return queries.map(({ hash, budgetRow }) =>
      settledValue({
        key: keys.get(hash) ?? null,
        budget: budgetRow === null ? null : (budgets.get(budgetRow) ?? null),
      }),
    );
  });
}

/** `sqliteHot` on SQLite, null on Postgres. */
export function createApiKeyStore(knex: Knex, hot: HotStatements, sqliteHot: SqliteHotStatements | null) {
  // objection (with lodash) is only for the admin's key management: loaded when that is first used.
  // (A query builder is thenable, so the model, not a builder, is what the promise carries.)
  const model = async () => (await loadModels()).ApiKeyModel;

  return {
    /** The key row for a hash and the caller's budget row (keyLookup): what every request with a key runs. */
    byHash: keyLookup(hot, sqliteHot),
    /** A signed link's issuing key, as it stands now. */
    async current(id: string): Promise<KeyLookupRow | undefined> {
      const [row] = await hot.rows<KeyLookupRow>(KEY_BY_ID, [id]);
      return row;
    },
    touch(id: string, now: number): Promise<void> {
      return hot.run(KEY_TOUCH, [now, id]);
    },
    async find(id: string): Promise<ApiKeyRow | undefined> {
      return (await model()).query(knex).findById(id);
    },
    /** Newest first. */
    async list(): Promise<ApiKeyRow[]> {
      return (await model()).query(knex).orderBy('created_at', 'desc');
    },
    /** A key whose hash is taken fails on the unique index (isUniqueViolation). */
    async insert(row: ApiKeyRow): Promise<void> {
      await (await model()).query(knex).insert(row);
    },
    async patch(id: string, patch: Partial<ApiKeyRow>): Promise<void> {
      await (await model()).query(knex).patch(patch).where({ id });
    },
    /** Whether this call removed the key (of two concurrent deletes, one does). */
    async remove(id: string): Promise<boolean> {
      return (await (await model()).query(knex).deleteById(id)) > 0;
    },
  };
}

export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;
