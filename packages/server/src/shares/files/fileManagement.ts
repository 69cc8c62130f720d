/**
 * Managing file shares: the admin sees every share, an API key only its own (another creator's share is
 * 404, as if it did not exist). Deleting removes the stored object first; when the store cannot, the
 * record stays and the failure is reported, so no object is ever orphaned.
 */
import {
  type BatchDeleteResult,
  type FileListQuery,
  type FileRecord,
  type ListResult,
  PAGE_SIZE_FILES,
  type UpdateFileBody,
} from '@clip/sdk/contract';
import { hashPassword } from '../../crypto/passwords.ts';
import { isUniqueViolation } from '../../db/connect.ts';
import { AppError, notFound } from '../../http/appError.ts';
import type { Actor } from '../../services/actor.ts';
import { ownerFilter, ownsRecord } from '../../services/permissions.ts';
import { expiryFromHours } from '../../services/time.ts';
import { customSlug, slugTaken } from '../core/slugs.ts';
import { type FileDeps, removeObject } from './fileDeps.ts';
import type { FileShareRow } from './fileShareStore.ts';
import { toRecord } from './shareRules.ts';

export interface FileManagement {
  list(actor: Actor, query: FileListQuery): Promise<ListResult<FileRecord>>;
  get(actor: Actor, id: string): Promise<FileRecord>;
  update(actor: Actor, id: string, body: UpdateFileBody): Promise<FileRecord>;
  remove(actor: Actor, id: string): Promise<void>;
  batchDelete(actor: Actor, ids: string[]): Promise<BatchDeleteResult>;
  /**
   * Removes one share's object, then its record (the sweep and deletes share this). Answers false when
   * another caller got there first: only the caller that claims the share removes anything.
   */
  deleteShare(row: FileShareRow): Promise<boolean>;
}

export function createFileManagement(deps: FileDeps): FileManagement {
  async function owned(actor: Actor, id: string): Promise<FileShareRow> {
    const row = await deps.repo.byId(id);
    if (row?.status !== 'ready' || !ownsRecord(actor, row.created_by))
      throw notFound(`file share "${id}" not found`);
    return row;
  }

  async function deleteShare(row: FileShareRow): Promise<boolean> {
    // One conditional UPDATE decides which of many simultaneous deletes does the work.
    if (!(await deps.repo.update(row.id, { status: 'deleting' }, row.status))) return false;
    try {
      await removeObject(deps, row);
    } catch (err) {
      // The store refused: the share stays as it was, so the delete can be retried (no orphaned object).
      await deps.repo.update(row.id, { status: row.status }, 'deleting');
      throw err;
    }
    await deps.repo.delete(row.id);
    return true;
  }

  return {
    deleteShare,

    async list(actor, query) {
      const limit = query.limit ?? PAGE_SIZE_FILES;
      const offset = query.offset ?? 0;
      const { rows, total } = await deps.repo.list({
        createdBy: ownerFilter(actor),
        limit,
        offset,
        search: query.search?.trim() || undefined,
        sort: query.sort ?? 'created_at',
        order: query.order ?? 'desc',
      });
      const origin = deps.origin();
      return { items: rows.map((r) => toRecord(r, origin)), total, limit, offset };
    },

    async get(actor, id) {
      return toRecord(await owned(actor, id), deps.origin());
    },

    async update(actor, id, body) {
      const row = await owned(actor, id);
      const changes: Partial<FileShareRow> = {};
      if (body.slug !== undefined && body.slug !== null) changes.slug = customSlug(body.slug) ?? row.slug;
      if (body.remark !== undefined) changes.remark = body.remark || null;
      if (body.password !== undefined)
        changes.password_hash = body.password ? await hashPassword(body.password) : null;
      if (body.expires_in !== undefined) {
        changes.expires_in_hours = body.expires_in || null;
        changes.expires_at = expiryFromHours(body.expires_in, deps.clock.now());
      }
      if (body.max_views !== undefined) changes.max_views = body.max_views ?? 0;
      try {
        if (!(await deps.repo.update(id, changes, 'ready'))) throw notFound(`file share "${id}" not found`);
      } catch (err) {
        throw isUniqueViolation(err) ? slugTaken() : err;
      }
      return toRecord((await deps.repo.byId(id))!, deps.origin());
    },

    async remove(actor, id) {
      if (!(await deleteShare(await owned(actor, id)))) throw notFound(`file share "${id}" not found`);
    },

    async batchDelete(actor, ids) {
      const failed: BatchDeleteResult['failed'] = [];
      let deleted = 0;
      for (const id of new Set(ids)) {
        try {
          if (!(await deleteShare(await owned(actor, id)))) throw notFound(`file share "${id}" not found`);
          deleted++;
        } catch (err) {
          failed.push({ id, message: err instanceof AppError ? err.message : 'internal error' });
        }
      }
      return { deleted, failed };
    },
  };
}
