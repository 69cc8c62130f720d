/** A file sent through an upload request, in flight or landed (its request's `upload_request_files`). */
import type { RequestFileRow } from '../../shares/requests/uploadRequestStore.ts';
import { modelOf } from './modelOf.ts';

export class RequestFileModel extends modelOf<RequestFileRow>() {
  static override tableName = 'upload_request_files';
}
