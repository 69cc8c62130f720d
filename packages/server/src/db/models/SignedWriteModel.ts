/** The one use of a signed PUT link, once claimed. */
import { modelOf } from './modelOf.ts';

export class SignedWriteModel extends modelOf<{ nonce: string; expires_at: number }>() {
  static override tableName = 'fs_signed_writes';
  static override idColumn = 'nonce';
}
