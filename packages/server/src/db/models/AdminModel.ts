/** An admin account; its login sessions are `tokens`. */
import { Model } from 'objection';
import type { AdminRow } from '../../services/adminStore.ts';
import { AdminTokenModel } from './AdminTokenModel.ts';
import { modelOf } from './modelOf.ts';

export class AdminModel extends modelOf<AdminRow & { created_at: number; updated_at: number }>() {
  static override tableName = 'admins';

  static override get relationMappings() {
    return {
      tokens: {
        relation: Model.HasManyRelation,
        modelClass: AdminTokenModel,
        join: { from: 'admins.id', to: 'admin_tokens.admin_id' },
      },
    };
  }
}
