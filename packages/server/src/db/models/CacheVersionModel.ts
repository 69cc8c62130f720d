/** The listing cache's version of one scope (a storage config, or `mount:<id>`). */
import { modelOf } from './modelOf.ts';

export class CacheVersionModel extends modelOf<{ storage_config_id: string; version: number }>() {
  static override tableName = 'fs_cache_versions';
  static override idColumn = 'storage_config_id';
}
