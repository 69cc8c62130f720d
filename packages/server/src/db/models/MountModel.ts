/** A mount: a virtual path over a storage config (its config's `mounts`). */
import type { MountRow } from '../../services/mountService.ts';
import { modelOf } from './modelOf.ts';

export class MountModel extends modelOf<MountRow>() {
  static override tableName = 'mounts';
}
