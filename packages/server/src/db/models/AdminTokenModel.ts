/** An admin's login session, stored as the hash of its token. */
import type { AdminTokenRow } from '../../services/adminStore.ts';
import { modelOf } from './modelOf.ts';

export class AdminTokenModel extends modelOf<AdminTokenRow>() {
  static override tableName = 'admin_tokens';
  static override idColumn = 'token_hash';
}
