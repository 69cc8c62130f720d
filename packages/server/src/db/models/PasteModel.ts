/** A text share. */
import type { PasteRow } from '../../shares/text/pasteRow.ts';
import { modelOf } from './modelOf.ts';

export class PasteModel extends modelOf<PasteRow>() {
  static override tableName = 'pastes';
}
