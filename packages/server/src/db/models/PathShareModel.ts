/** A path share: a public link into a mount (links.md, ADR 0050). */
import type { PathShareRow } from '../../shares/paths/pathShareStore.ts';
import { modelOf } from './modelOf.ts';

export class PathShareModel extends modelOf<PathShareRow>() {
  static override tableName = 'path_shares';
}
