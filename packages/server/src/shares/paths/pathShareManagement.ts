/**
 * Making and managing path shares (`/admin/path-shares`, `/user/path-shares`): the actor needs read access
 * to the path (mounts.md), which must exist; PUT may also change the slug (as on text and file shares);
 * keys see and manage their own shares only, the admin all.
 */
import type {
  CreatePathShareBody,
  PathShareList,
  PathShareListQuery,
  PathShareRecord,
  UpdatePathShareBody,
} from '@clip/sdk';
import type { Clock } from '../../clock.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { timeOrderedUuid } from '../../crypto/tokens.ts';
import { isUniqueViolation } from '../../db/connect.ts';
import { normalizeVirtualPath } from '../../fs/paths.ts';
import type { FsService } from '../../fs/types.ts';
import { notFound } from '../../http/appError.ts';
import { type Actor, creatorId } from '../../services/actor.ts';
import { ownerFilter, ownsRecord } from '../../services/permissions.ts';
import { allocateSlug, customSlug, slugTaken } from '../core/slugs.ts';
import { expiryFromSeconds, optionalRemark, toRecord } from './pathShareRules.ts';
import type { PathShareChanges, PathShareRow, PathShareStore } from './pathShareStore.ts';

export interface PathShareManagement {
  create(actor: Actor, body: CreatePathShareBody): Promise<PathShareRecord>;
  list(actor: Actor, query: PathShareListQuery): Promise<PathShareList>;
  get(actor: Actor, id: string): Promise<PathShareRecord>;
  update(actor: Actor, id: string, body: UpdatePathShareBody): Promise<PathShareRecord>;
  remove(actor: Actor, id: string): Promise<void>;
}

export const PATH_SHARE_PAGE_SIZE = 50;

const missing = (id: string) => notFound(`path share "${id}" not found`);

export function createPathShareManagement(deps: {
  store: PathShareStore;
  fs: FsService;
  clock: Clock;
  origin(): string;
}): PathShareManagement {
  const { store, fs, clock } = deps;

  async function owned(actor: Actor, id: string): Promise<PathShareRow> {
    const row = await store.byId(id);
    if (!row || !ownsRecord(actor, row.created_by)) throw missing(id);
    return row;
  }

  return {
    async create(actor, body) {
      const custom = customSlug(body.slug);
      // 400 for a malformed path, 403 outside the actor's scope, 404 when nothing is there.
      const resolved = await fs.resolve(actor, body.path, 'read');
      const item = await fs.stat(actor, resolved.path);
      if (!item) throw notFound(`"${resolved.path}" not found`);
      const now = clock.now();
      const row: PathShareRow = {
        id: timeOrderedUuid(now),
        slug: '',
        path: resolved.path,
        kind: item.type === 'folder' ? 'folder' : 'file',
        password_hash: body.password ? await hashPassword(body.password) : null,
        expires_at: expiryFromSeconds(body.expires_in, now),
        max_views: body.max_views ?? 0,
        views: 0,
        remark: optionalRemark(body.remark),
        created_by: creatorId(actor),
        created_at: now,
        updated_at: now,
      };
      await allocateSlug(custom, async (slug) => {
        row.slug = slug;
        return store.insert(row);
      });
      return toRecord(row, deps.origin());
    },

    async list(actor, query) {
      const { rows, total } = await store.list({
        creators: ownerFilter(actor),
        path: query.path === undefined ? undefined : normalizeVirtualPath(query.path),
        limit: query.limit ?? PATH_SHARE_PAGE_SIZE,
        offset: query.offset ?? 0,
      });
      return { items: rows.map((row) => toRecord(row, deps.origin())), total };
    },

    async get(actor, id) {
      return toRecord(await owned(actor, id), deps.origin());
    },

    async update(actor, id, body) {
      await owned(actor, id);
      const now = clock.now();
      const changes: PathShareChanges = { updated_at: now };
      const slug = customSlug(body.slug);
      if (slug !== null) changes.slug = slug;
      if (body.password !== undefined)
        changes.password_hash = body.password === null ? null : await hashPassword(body.password);
      if (body.expires_in !== undefined) changes.expires_at = expiryFromSeconds(body.expires_in, now);
      if (body.max_views !== undefined) changes.max_views = body.max_views ?? 0;
      if (body.remark !== undefined) changes.remark = optionalRemark(body.remark);
      const row = await store.update(id, changes).catch((err) => {
        throw isUniqueViolation(err) ? slugTaken() : err;
      });
      if (!row) throw missing(id);
      return toRecord(row, deps.origin());
    },

    async remove(actor, id) {
      await owned(actor, id);
      if (!(await store.delete(id))) throw missing(id);
    },
  };
}
