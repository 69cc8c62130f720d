/** A WebDAV lock. */
import type { LockRow } from '../../fs/lockStore.ts';
import { modelOf } from './modelOf.ts';

export class DavLockModel extends modelOf<LockRow>() {
  static override tableName = 'dav_locks';
  static override idColumn = 'token';
}
