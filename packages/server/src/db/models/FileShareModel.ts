/** A file share (its storage config's `shares`). */
import type { FileShareRow } from '../../shares/files/fileShareStore.ts';
import { modelOf } from './modelOf.ts';

export class FileShareModel extends modelOf<FileShareRow>() {
  static override tableName = 'file_shares';
}
