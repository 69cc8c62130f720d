/** The only writer of `mounts` (ADR 0045); the rules on paths, names and who may change them are mountService.ts's. */
import type { Knex } from 'knex';
import { type HotStatements, hotStatement } from '../db/hotStatements.ts';
import { loadModels } from '../db/models/loadModels.ts';
import type { MountRow } from './mountService.ts';

/** Every file-system request resolves its path against the active mounts: prepared once (db/hotStatements.ts). */
const ACTIVE_MOUNTS = hotStatement('mounts_active', 'SELECT * FROM mounts WHERE is_active');

export function createMountStore(knex: Knex, hot: HotStatements) {
  return {
    async byId(id: string): Promise<MountRow | undefined> {
      return (await loadModels()).MountModel.query(knex).findById(id);
    },
    /** Whether a mount other than `exceptId` has this path, compared without case. */
    async pathTaken(path: string, exceptId: string | null): Promise<boolean> {
      const q = (await loadModels()).MountModel.query(knex)
        .select('id')
        .whereRaw('LOWER(mount_path) = ?', [path.toLowerCase()]);
      if (exceptId) q.whereNot({ id: exceptId });
      return Boolean(await q.first());
    },
    /** In display order; `search` matches the name or path, without case. */
    async list(search?: string): Promise<MountRow[]> {
      const q = (await loadModels()).MountModel.query(knex)
        .orderBy('sort_order', 'asc')
        .orderBy('name', 'asc');
      if (search) {
        const like = `%${search.toLowerCase()}%`;
        q.where((w) =>
          w.whereRaw('LOWER(name) LIKE ?', [like]).orWhereRaw('LOWER(mount_path) LIKE ?', [like]),
        );
      }
      return q;
    },
    /** A path another mount holds fails on the unique index (isUniqueViolation). */
    async insert(row: MountRow): Promise<void> {
      await (await loadModels()).MountModel.query(knex).insert(row);
    },
    async update(id: string, patch: Partial<MountRow>): Promise<void> {
      await (await loadModels()).MountModel.query(knex).patch(patch).where({ id });
    },
    async remove(id: string): Promise<void> {
      await (await loadModels()).MountModel.query(knex).deleteById(id);
    },
    active(): Promise<MountRow[]> {
      return hot.rows<MountRow>(ACTIVE_MOUNTS, []);
    },
  };
}
