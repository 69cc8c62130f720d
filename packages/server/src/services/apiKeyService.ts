/** Scoped API keys: looked up by SHA-256 hash; the copy the admin can show again is sealed with the server secret. */
import { randomUUID } from 'node:crypto';
import type {
  ApiKey,
  ApiKeyVerification,
  BatchDeleteResult,
  CreateApiKeyBody,
  ListResult,
  UpdateApiKeyBody,
} from '@clip/sdk/contract';
import type { Knex } from 'knex';
import { type Clock, systemClock } from '../clock.ts';
import type { SecretBox } from '../crypto/secretBox.ts';
import { randomToken, sha256 } from '../crypto/tokens.ts';
import { isUniqueViolation } from '../db/connect.ts';
import type { HotStatements, SqliteHotStatements } from '../db/hotStatements.ts';
import { badRequest, conflict, invalidApiKey, notFound } from '../http/appError.ts';
import type { Actor } from './actor.ts';
import { type ApiKeyRow, createApiKeyStore } from './apiKeyStore.ts';
import type { BudgetGate } from './authBudget.ts';
import { requireBodyPath } from './permissions.ts';
import { iso, isoOrNull } from './time.ts';

/** Writing last_used on every request would make every read a write; once a minute is precise enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface ApiKeyService {
  list(): Promise<ListResult<ApiKey>>;
  create(body: CreateApiKeyBody): Promise<ApiKey>;
  update(id: string, body: UpdateApiKeyBody): Promise<ApiKey>;
  remove(id: string): Promise<void>;
  batchDelete(ids: string[]): Promise<BatchDeleteResult>;
  /**
   * The API-key actor for a presented key, or null when unknown or expired. With a `budget`, the
   * client's guessing budget is read in the same lookup and decides first: while it is spent, its 429 is
   * the answer whatever the key (and the key's `last_used` does not move).
   */
  actorForKey(key: string, budget?: BudgetGate): Promise<Actor | null>;
  /** The API-key actor for a key id as it stands now (a signed link's issuer), or null when gone or expired. */
  actorForId(id: string): Promise<Actor | null>;
  verification(actor: Actor): ApiKeyVerification;
}

/** What a key row lets its holder do: the one mapping from the row to an Actor (requests and tasks). */
export function keyActor(
  row: Pick<
    ApiKeyRow,
    'id' | 'name' | 'basic_path' | 'text_permission' | 'file_permission' | 'mount_permission'
  >,
): Actor & { kind: 'apikey' } {
  return {
    kind: 'apikey',
    id: row.id,
    name: row.name,
    basicPath: row.basic_path,
    permissions: {
      text: Boolean(row.text_permission),
      file: Boolean(row.file_permission),
      mount: Boolean(row.mount_permission),
    },
  };
}

/** Normalised like every path it will be compared with (the SDK's parseVirtualPath); "" means the root. */
function basicPath(raw: string | undefined | null): string {
  if (!raw) return '/';
  return requireBodyPath(raw.startsWith('/') ? raw : `/${raw}`, { field: 'body.basic_path' });
}

function expiresAt(raw: string | null | undefined, now: number): number | null {
  if (raw === null || raw === undefined) return null;
  const t = Date.parse(raw);
  if (Number.isNaN(t)) throw badRequest('body.expires_at must be an ISO date-time');
  if (t <= now) throw badRequest('body.expires_at must be in the future');
  return t;
}

/** `sqliteHot` on SQLite, null on Postgres. */
export function createApiKeyService(
  knex: Knex,
  hot: HotStatements,
  sqliteHot: SqliteHotStatements | null,
  box: SecretBox,
  clock: Clock = systemClock,
): ApiKeyService {
  const toApi = (row: ApiKeyRow): ApiKey => ({
    id: row.id,
    name: row.name,
    key: box.open(row.key_sealed),
    expires_at: isoOrNull(row.expires_at),
    text_permission: Boolean(row.text_permission),
    file_permission: Boolean(row.file_permission),
    mount_permission: Boolean(row.mount_permission),
    basic_path: row.basic_path,
    last_used: isoOrNull(row.last_used),
    created_at: iso(row.created_at),
  });

  const keys = createApiKeyStore(knex, hot, sqliteHot);

  async function get(id: string): Promise<ApiKeyRow> {
    const row = await keys.find(id);
    if (!row) throw notFound(`API key ${id} not found`);
    return row;
  }

  return {
    async list() {
      const rows = await keys.list();
      return { items: rows.map(toApi), total: rows.length };
    },

    async create(body) {
      const key = body.custom_key ?? `clip_${randomToken(24)}`;
      const row: ApiKeyRow = {
        id: randomUUID(),
        name: body.name.trim(),
        key_hash: sha256(key),
        key_sealed: box.seal(key),
        expires_at: expiresAt(body.expires_at, clock.now()),
        text_permission: body.text_permission ?? false,
        file_permission: body.file_permission ?? false,
        mount_permission: body.mount_permission ?? false,
        basic_path: basicPath(body.basic_path),
        last_used: null,
        created_at: clock.now(),
      };
      try {
        await keys.insert(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('this custom key is already in use');
        throw err;
      }
      return toApi(row);
    },

    async update(id, body) {
      await get(id);
      const patch: Partial<ApiKeyRow> = {};
      if (body.name !== undefined) patch.name = body.name.trim();
      if (body.expires_at !== undefined) patch.expires_at = expiresAt(body.expires_at, clock.now());
      if (body.text_permission !== undefined) patch.text_permission = body.text_permission;
      if (body.file_permission !== undefined) patch.file_permission = body.file_permission;
      if (body.mount_permission !== undefined) patch.mount_permission = body.mount_permission;
      if (body.basic_path !== undefined) patch.basic_path = basicPath(body.basic_path);
      await keys.patch(id, patch);
      return toApi(await get(id));
    },

    async remove(id) {
      if (!(await keys.remove(id))) throw notFound(`API key ${id} not found`);
    },

    async batchDelete(ids) {
      // One DELETE per id: of two concurrent batches, each key counts for the one that removed it.
      const found = new Set<string>();
      for (const id of new Set(ids)) if (await keys.remove(id)) found.add(id);
      return {
        deleted: found.size,
        failed: ids.filter((id) => !found.has(id)).map((id) => ({ id, message: 'not found' })),
      };
    },

    async actorForKey(key, budget) {
      const found = await keys.byHash({ hash: sha256(key), budgetRow: budget?.row ?? null });
      budget?.refuseWhileSpent(found.budget);
      const row = found.key;
      const now = clock.now();
      if (!row || (row.expires_at !== null && row.expires_at <= now)) return null;
      if (row.last_used === null || row.last_used < now - LAST_USED_RESOLUTION_MS)
        await keys.touch(row.id, now);
      return keyActor(row);
    },

    async actorForId(id) {
      const row = await keys.current(id);
      if (!row || (row.expires_at !== null && row.expires_at <= clock.now())) return null;
      return keyActor(row);
    },

    verification(actor) {
      if (actor.kind !== 'apikey') throw invalidApiKey();
      return {
        permissions: actor.permissions,
        key_info: { id: actor.id, name: actor.name, basic_path: actor.basicPath },
      };
    },
  };
}
