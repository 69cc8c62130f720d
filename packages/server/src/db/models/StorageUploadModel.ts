/** A multipart upload opened in a storage, until it is completed or aborted. */
import type { StorageUploadRow } from '../../services/storageUploadStore.ts';
import { modelOf } from './modelOf.ts';

export class StorageUploadModel extends modelOf<StorageUploadRow>() {
  static override tableName = 'storage_uploads';
  static override idColumn = 'upload_id';
}
