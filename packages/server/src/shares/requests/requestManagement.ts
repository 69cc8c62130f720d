/**
 * Managing upload requests (`/api/admin|user/upload-requests`): the owner makes a request on a folder it
 * may write to, and sees and changes its own requests only (the admin sees all). Deleting a request
 * closes its link; the files that arrived stay in the folder.
 */

import { randomUUID } from 'node:crypto';
import type {
  CreateUploadRequestBody,
  ListResult,
  UpdateUploadRequestBody,
  UploadRequestDetail,
  UploadRequestRecord,
} from '@clip/sdk/contract';
import type { Clock } from '../../clock.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { normalizeVirtualPath } from '../../fs/paths.ts';
import type { FsService } from '../../fs/types.ts';
import { conflict, notFound } from '../../http/appError.ts';
import { type Actor, creatorId } from '../../services/actor.ts';
import { ownerFilter } from '../../services/permissions.ts';
import { allocateSlug, customSlug } from '../core/slugs.ts';
import { expiryFromSeconds, receivedOf, recordOf } from './requestRules.ts';
import type { UploadRequestRow, UploadRequestStore } from './uploadRequestStore.ts';

/** How many received files a request's detail lists (newest first). */
const RECEIVED_LISTED = 1000;

export interface RequestManagementDeps {
  store: UploadRequestStore;
  fs: FsService;
  clock: Clock;
  origin(): string;
}

export function createRequestManagement(deps: RequestManagementDeps) {
  const { store, fs, clock } = deps;
  const missing = (id: string) => notFound(`upload request "${id}" not found`);

  /** 403 unless `actor` may write into `path`; 404/409 unless it is a folder. */
  async function requireFolder(actor: Actor, rawPath: string): Promise<string> {
    const path = normalizeVirtualPath(rawPath);
    await fs.resolve(actor, path, 'write');
    const item = await fs.stat(actor, path);
    if (!item) throw notFound(`folder "${path}" not found`);
    if (item.type !== 'folder') throw conflict(`"${path}" is a file; an upload request needs a folder`);
    return path;
  }

  async function withReceived(rows: UploadRequestRow[]): Promise<UploadRequestRecord[]> {
    const received = await store.received(rows.map((r) => r.id));
    return rows.map((r) => recordOf(r, received.get(r.id) ?? { files: 0, bytes: 0 }, deps.origin()));
  }

  async function detail(row: UploadRequestRow): Promise<UploadRequestDetail> {
    const [record] = await withReceived([row]);
    const files = await store.files(row.id, RECEIVED_LISTED);
    return { ...record, received: files.map(receivedOf) };
  }

  return {
    async create(actor: Actor, body: CreateUploadRequestBody): Promise<UploadRequestRecord> {
      const path = await requireFolder(actor, body.path);
      const now = clock.now();
      const base = {
        path,
        title: body.title || null,
        message: body.message || null,
        password_hash: body.password ? await hashPassword(body.password) : null,
        expires_at: expiryFromSeconds(body.expires_in, now),
        max_files: body.max_files ?? null,
        max_file_bytes: body.max_file_bytes ?? null,
        max_total_bytes: body.max_total_bytes ?? null,
        allowed_types: JSON.stringify(body.allowed_types ?? []),
        created_by: creatorId(actor),
        created_at: now,
        updated_at: now,
      };
      let row: UploadRequestRow | null = null;
      await allocateSlug(customSlug(body.slug), async (slug) => {
        row = { id: randomUUID(), slug, ...base };
        return store.insert(row);
      });
      return (await withReceived([row!]))[0];
    },

    async list(
      actor: Actor,
      page: { limit: number; offset: number },
    ): Promise<ListResult<UploadRequestRecord>> {
      const { rows, total } = await store.list(ownerFilter(actor), page);
      return { items: await withReceived(rows), total, ...page };
    },

    async get(actor: Actor, id: string): Promise<UploadRequestDetail> {
      const row = await store.byId(ownerFilter(actor), id);
      if (!row) throw missing(id);
      return detail(row);
    },

    async update(actor: Actor, id: string, body: UpdateUploadRequestBody): Promise<UploadRequestDetail> {
      const creators = ownerFilter(actor);
      if (!(await store.byId(creators, id))) throw missing(id);
      const patch: Partial<UploadRequestRow> = { updated_at: clock.now() };
      if (body.title !== undefined) patch.title = body.title || null;
      if (body.message !== undefined) patch.message = body.message || null;
      if (body.password !== undefined)
        patch.password_hash = body.password ? await hashPassword(body.password) : null;
      if (body.expires_in !== undefined) patch.expires_at = expiryFromSeconds(body.expires_in, clock.now());
      if (body.max_files !== undefined) patch.max_files = body.max_files;
      if (body.max_file_bytes !== undefined) patch.max_file_bytes = body.max_file_bytes;
      if (body.max_total_bytes !== undefined) patch.max_total_bytes = body.max_total_bytes;
      if (body.allowed_types !== undefined) patch.allowed_types = JSON.stringify(body.allowed_types);
      if (!(await store.update(creators, id, patch))) throw missing(id);
      return detail((await store.byId(creators, id))!);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if (!(await store.delete(ownerFilter(actor), id))) throw missing(id);
    },
  };
}

export type RequestManagement = ReturnType<typeof createRequestManagement>;
