/** A resumable or presigned upload; its received parts are `parts`. */
import { Model } from 'objection';
import type { UploadSessionRow } from '../../uploads/sessions/sessionStore.ts';
import { modelOf } from './modelOf.ts';
import { UploadPartModel } from './UploadPartModel.ts';

export class UploadSessionModel extends modelOf<UploadSessionRow>() {
  static override tableName = 'upload_sessions';

  static override get relationMappings() {
    return {
      parts: {
        relation: Model.HasManyRelation,
        modelClass: UploadPartModel,
        join: { from: 'upload_sessions.id', to: 'upload_parts.session_id' },
      },
    };
  }
}
