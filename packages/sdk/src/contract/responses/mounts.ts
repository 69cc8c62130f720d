/** Answers of the mount routes (`/admin/mounts`, `/user/mounts`). */
import { MOUNT_STORAGE_TYPES, type Mount } from '../mounts.ts';
import { bool, count, listOf, shapeOf, str } from './shape.ts';

export const mountSchema = shapeOf<Mount>()(
  {
    id: str,
    name: str,
    mount_path: { type: 'string', pattern: '^/' },
    storage_type: { type: 'string', enum: [...MOUNT_STORAGE_TYPES] },
    storage_config_id: str,
    remark: str,
    sort_order: count,
    cache_ttl: count,
    is_active: bool,
    web_proxy: bool,
    root_prefix: str,
    created_by: str,
    created_at: str,
    updated_at: str,
  },
  [
    'id',
    'name',
    'mount_path',
    'storage_type',
    'storage_config_id',
    'remark',
    'sort_order',
    'cache_ttl',
    'is_active',
    'web_proxy',
    'root_prefix',
    'created_by',
    'created_at',
    'updated_at',
  ],
);
export const mountListSchema = listOf(mountSchema);
