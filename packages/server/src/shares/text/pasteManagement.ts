/**
 * Managing text shares: the admin sees all, an API key only what it created (permissions.ownerFilter).
 * Another creator's share answers 404 exactly like a missing one, so existence is never revealed.
 */
import type {
  BatchDeleteResult,
  ClearExpiredResult,
  ListResult,
  PasteListItem,
  PasteRecord,
  UpdatePasteBody,
} from '@clip/sdk/contract';
import type { Clock } from '../../clock.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { isUniqueViolation } from '../../db/connect.ts';
import { badRequest, notFound } from '../../http/appError.ts';
import type { Actor } from '../../services/actor.ts';
import { ownerFilter } from '../../services/permissions.ts';
import { expiryFromHours } from '../../services/time.ts';
import { checkSealedText, checkSealedTextFields } from '../core/sealedContent.ts';
import { checkSlug, slugTaken } from '../core/slugs.ts';
import type { PasteRow } from './pasteRow.ts';
import { checkContent, isStorable, optionalText, toListItem, toRecord } from './pasteRules.ts';
import type { TextShareStore } from './textShareStore.ts';

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
  store: TextShareStore;
  maxTextBytes: number;
  origin(): string;
  clock: Clock;
}

const notFoundById = (id: string) => notFound(`text share ${id} not found`);

function nonNull<T>(value: T | null | undefined, field: string): T {
  if (value === null) throw badRequest(`body.${field} cannot be null`);
  return value as T;
}

export function createPasteManagement(deps: PasteManagementDeps): PasteManagement {
  const { store } = deps;

  /** An id the database cannot hold (Postgres refuses NUL) matches no share. */
  const storableId = (id: string) => (isStorable(id) ? id : '');

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

  /** An encrypted share's new content must be ciphertext too, and its title and format stay inside it. */
  async function checkSealedUpdate(actor: Actor, id: string, body: UpdatePasteBody): Promise<void> {
    const row = await store.byId(ownerFilter(actor), storableId(id));
    if (!row?.encrypted) return;
    checkSealedTextFields(body);
    if (typeof body.content === 'string') checkSealedText(body.content);
  }

  return {
    async list(actor, { search, order = 'desc', limit, offset }) {
      if (search && !isStorable(search)) throw badRequest('query.search must not contain NUL characters');
      const { rows, total } = await store.list(ownerFilter(actor), { search, order, limit, offset });
      return { items: rows.map((row) => toListItem(row, deps.origin())), total };
    },

    async get(actor, id) {
      const row = await store.byId(ownerFilter(actor), storableId(id));
      if (!row) throw notFoundById(id);
      return toRecord(row, deps.origin());
    },

    async update(actor, id, body) {
      const patch = await patchFor(body);
      if (body.content !== undefined || body.title || body.format) await checkSealedUpdate(actor, id, body);
      let row: PasteRow | null;
      try {
        row = await store.update(ownerFilter(actor), storableId(id), patch);
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken();
        throw err;
      }
      if (!row) throw notFoundById(id);
      return toRecord(row, deps.origin());
    },

    async remove(actor, id) {
      if (!(await store.delete(ownerFilter(actor), storableId(id)))) throw notFoundById(id);
    },

    async batchDelete(actor, ids) {
      // One conditional DELETE per id: of two concurrent batches, each share counts for the one that removed it.
      const gone = new Set<string>();
      for (const id of new Set(ids.filter(isStorable)))
        if (await store.delete(ownerFilter(actor), id)) gone.add(id);
      return {
        deleted: gone.size,
        failed: [...new Set(ids)].filter((id) => !gone.has(id)).map((id) => ({ id, message: 'not found' })),
      };
    },

    async clearExpired(actor) {
      return { deleted: await deps.store.deleteDead(deps.clock.now(), ownerFilter(actor)) };
    },
  };
}
