/**
 * The SQL of managing text shares: every statement is narrowed to the shares an owner may see
 * (`creators` from permissions.ownerFilter; null for the admin, who sees all).
 */
import { PASTE_PREVIEW_CHARS } from '@clip/sdk/contract';
import type { Knex } from 'knex';
import { loadModels } from '../../db/models/loadModels.ts';
import { whereExpired, whereUsedUp } from '../core/deadShareSql.ts';
import { whereAnyContains } from '../core/searchSql.ts';
import { PASTE_COLUMNS, type PasteRow } from './pasteRow.ts';

/** Who may touch a share: the creators an actor acts for, or null for all. */
export type Creators = string[] | null;

export interface TextShareListQuery {
  search?: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface OwnedTextShares {
  /** Rows carry the text only as far as a preview needs it. */
  list(creators: Creators, query: TextShareListQuery): Promise<{ rows: PasteRow[]; total: number }>;
  byId(creators: Creators, id: string): Promise<PasteRow | null>;
  /** The updated row; null when no share of `creators` has this id (a unique violation is the caller's). */
  update(creators: Creators, id: string, patch: Partial<PasteRow>): Promise<PasteRow | null>;
  /** Answers whether the share was there to delete. */
  delete(creators: Creators, id: string): Promise<boolean>;
  /** Deletes expired and used-up shares; plain conditional DELETE, safe with several instances. */
  deleteDead(now: number, creators?: Creators): Promise<number>;
}

/** Columns a list reads: the text only as far as a preview needs it (selected apart). */
const LIST_COLUMNS = PASTE_COLUMNS.filter((column) => column !== 'content');
const SEARCHED_COLUMNS = ['slug', 'title', 'remark', 'content'];

/** The shares that no longer serve: expired, or used up (found through migration 027's partial index). */
export function deadPastes(knex: Knex, now: number): Knex.QueryBuilder<PasteRow> {
  return knex<PasteRow>('pastes').where((q) =>
    q.where((e) => whereExpired(e, now)).orWhere((u) => whereUsedUp(u)),
  );
}

export function createOwnedTextShares(knex: Knex): OwnedTextShares {
  function owned(creators: Creators, id?: string): Knex.QueryBuilder<PasteRow> {
    const query = knex<PasteRow>('pastes');
    if (id !== undefined) query.where({ id });
    if (creators !== null) query.whereIn('created_by', creators);
    return query;
  }

  return {
    async list(creators, { search, order, limit, offset }) {
      const query = owned(creators);
      if (search) whereAnyContains(query, SEARCHED_COLUMNS, search);
      const [{ n }] = await query.clone().count({ n: '*' });
      const rows: PasteRow[] = await query
        .select([...LIST_COLUMNS, knex.raw('substr(content, 1, ?) as content', [PASTE_PREVIEW_CHARS + 1])])
        .orderBy('created_at', order)
        .orderBy('id', order)
        .limit(limit)
        .offset(offset);
      return { rows, total: Number(n) };
    },
    async byId(creators, id) {
      const query = (await loadModels()).PasteModel.query(knex).findById(id);
      if (creators !== null) query.whereIn('created_by', creators);
      return ((await query) as PasteRow | undefined) ?? null;
    },
    async update(creators, id, patch) {
      const rows = (await owned(creators, id).update(patch).returning('*')) as PasteRow[];
      return rows[0] ?? null;
    },
    async delete(creators, id) {
      const query = (await loadModels()).PasteModel.query(knex).deleteById(id);
      if (creators !== null) query.whereIn('created_by', creators);
      return (await query) > 0;
    },
    async deleteDead(now, creators = null) {
      const query = deadPastes(knex, now);
      if (creators) query.whereIn('created_by', creators);
      return query.delete();
    },
  };
}
