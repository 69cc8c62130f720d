/**
 * Managing text shares: the admin sees all, an API key only what it created (permissions.ownerFilter).
 * Another creator's share answers 404 exactly like a missing one, so existence is never revealed.
 */
import {
  type BatchDeleteResult,
  type ClearExpiredResult,
  type ListResult,
  PASTE_PREVIEW_CHARS,
  type PasteListItem,
  type PasteRecord,
  type UpdatePasteBody,
} from '@clip/sdk/contract';
import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import { hashPassword } from '../crypto/passwords.ts';
import { isUniqueViolation } from '../db/connect.ts';
import { badRequest, notFound } from '../http/appError.ts';
import type { Actor } from './actor.ts';
import type { PasteQueries, PasteRow } from './pasteQueries.ts';
import {
  checkContent,
  checkSlug,
  isStorable,
  optionalText,
  slugTaken,
  toListItem,
  toRecord,
} from './pasteRules.ts';
import { ownerFilter } from './permissions.ts';
import { expiryFromHours } from './time.ts';

export interface PasteListOptions {
  search?: string;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface PasteManagement {
  /** Items carry a preview, not the text (never the text of a protected share). */
  list(actor: Actor, options: PasteListOptions): Promise<ListResult<PasteListItem>>;
  get(actor: Actor, id: string): Promise<PasteRecord>;
  update(actor: Actor, id: string, body: UpdatePasteBody): Promise<PasteRecord>;
  remove(actor: Actor, id: string): Promise<void>;
  batchDelete(actor: Actor, ids: string[]): Promise<BatchDeleteResult>;
  /** Deletes the actor's expired and used-up shares (all of them for the admin). */
  clearExpired(actor: Actor): Promise<ClearExpiredResult>;
}

export interface PasteManagementDeps {
  knex: Knex;
  queries: PasteQueries;
  maxTextBytes: number;
  origin(): string;
  clock: Clock;
}

/** Columns a list reads: the text only as far as a preview needs it. */
const LIST_COLUMNS = [
  'id',
  'slug',
  'title',
  'format',
  'remark',
  'password_hash',
  'expires_at',
  'max_views',
  'views',
  'created_by',
  'created_at',
  'updated_at',
];

const notFoundById = (id: string) => notFound(`text share ${id} not found`);

/** `%`, `_` and the escape character itself match literally in the search. */
const likePattern = (search: string) => `%${search.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

function nonNull<T>(value: T | null | undefined, field: string): T {
  if (value === null) throw badRequest(`body.${field} cannot be null`);
  return value as T;
}

export function createPasteManagement(deps: PasteManagementDeps): PasteManagement {
  const { knex } = deps;

  /** The shares an actor may see and touch; `id` narrows to one (an id the database cannot hold matches none). */
  function owned(actor: Actor, id?: string): Knex.QueryBuilder<PasteRow> {
    const query = knex<PasteRow>('pastes');
    if (id !== undefined) query.where({ id: isStorable(id) ? id : '' });
    const creators = ownerFilter(actor);
    if (creators !== null) query.whereIn('created_by', creators);
    return query;
  }

  async function patchFor(body: UpdatePasteBody): Promise<Partial<PasteRow>> {
    const patch: Partial<PasteRow> = { updated_at: deps.clock.now() };
    if (body.content !== undefined)
      patch.content = checkContent(nonNull(body.content, 'content'), deps.maxTextBytes);
    if (body.slug !== undefined) patch.slug = checkSlug(nonNull(body.slug, 'slug'));
    if (body.format !== undefined) patch.format = nonNull(body.format, 'format');
    if (body.title !== undefined) patch.title = optionalText(body.title, 'title');
    if (body.remark !== undefined) patch.remark = optionalText(body.remark, 'remark');
    if (body.password !== undefined)
      patch.password_hash = body.password === null ? null : await hashPassword(body.password);
    if (body.expires_in !== undefined) patch.expires_at = expiryFromHours(body.expires_in, deps.clock.now());
    if (body.max_views !== undefined) patch.max_views = body.max_views ?? 0;
    return patch;
  }

  return {
    async list(actor, { search, order = 'desc', limit, offset }) {
      const query = owned(actor);
      if (search) {
        if (!isStorable(search)) throw badRequest('query.search must not contain NUL characters');
        const pattern = likePattern(search);
        query.where((w) => {
          for (const column of ['slug', 'title', 'remark', 'content'])
            w.orWhereRaw(`lower(${column}) LIKE ? ESCAPE '!'`, [pattern]);
        });
      }
      const [{ n }] = await query.clone().count({ n: '*' });
      // Only what a preview needs of the text: lists never carry whole shares.
      const rows: PasteRow[] = await query
        .select([...LIST_COLUMNS, knex.raw('substr(content, 1, ?) as content', [PASTE_PREVIEW_CHARS + 1])])
        .orderBy('created_at', order)
        .orderBy('id', order)
        .limit(limit)
        .offset(offset);
      return { items: rows.map((row) => toListItem(row, deps.origin())), total: Number(n) };
    },

    async get(actor, id) {
      const row = await owned(actor, id).first();
      if (!row) throw notFoundById(id);
      return toRecord(row, deps.origin());
    },

    async update(actor, id, body) {
      const patch = await patchFor(body);
      let rows: PasteRow[];
      try {
        rows = (await owned(actor, id).update(patch).returning('*')) as PasteRow[];
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken();
        throw err;
      }
      if (!rows[0]) throw notFoundById(id);
      return toRecord(rows[0], deps.origin());
    },

    async remove(actor, id) {
      if ((await owned(actor, id).delete()) === 0) throw notFoundById(id);
    },

    async batchDelete(actor, ids) {
      // One conditional DELETE per id: of two concurrent batches, each share counts for the one that removed it.
      const gone = new Set<string>();
      for (const id of new Set(ids.filter(isStorable)))
        if ((await owned(actor, id).delete()) > 0) gone.add(id);
      return {
        deleted: gone.size,
        failed: [...new Set(ids)].filter((id) => !gone.has(id)).map((id) => ({ id, message: 'not found' })),
      };
    },

    async clearExpired(actor) {
      return { deleted: await deps.queries.deleteDead(deps.clock.now(), ownerFilter(actor)) };
    },
  };
}
