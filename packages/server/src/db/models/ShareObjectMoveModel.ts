/** A share object still to move into `.clip/shares/` (migration 015's worklist). */
import type { MoveEntry } from '../../shares/files/objectMoveStore.ts';
import { modelOf } from './modelOf.ts';

export class ShareObjectMoveModel extends modelOf<MoveEntry>() {
  static override tableName = 'share_object_moves';
  static override idColumn = 'share_id';
}
