/** An upload request: a public link that lets strangers send files into a folder (links.md, ADR 0053). */
import type { UploadRequestRow } from '../../shares/requests/uploadRequestStore.ts';
import { modelOf } from './modelOf.ts';

export class UploadRequestModel extends modelOf<UploadRequestRow>() {
  static override tableName = 'upload_requests';
}
