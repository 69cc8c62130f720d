/** One received part of an upload session. */
import type { UploadPartRow } from '../../uploads/sessions/sessionStore.ts';
import { modelOf } from './modelOf.ts';

export class UploadPartModel extends modelOf<UploadPartRow>() {
  static override tableName = 'upload_parts';
  static override idColumn = ['session_id', 'part_number'];
}
