/** A storage config; its mounts are `mounts`, the file shares stored in it `shares`. */
import { Model } from 'objection';
import type { StorageConfigRow } from '../../storage/createDriver.ts';
import { FileShareModel } from './FileShareModel.ts';
import { MountModel } from './MountModel.ts';
import { modelOf } from './modelOf.ts';

export class StorageConfigModel extends modelOf<StorageConfigRow>() {
  static override tableName = 'storage_configs';

  static override get relationMappings() {
    return {
      mounts: {
        relation: Model.HasManyRelation,
        modelClass: MountModel,
        join: { from: 'storage_configs.id', to: 'mounts.storage_config_id' },
      },
      shares: {
        relation: Model.HasManyRelation,
        modelClass: FileShareModel,
        join: { from: 'storage_configs.id', to: 'file_shares.s3_config_id' },
      },
    };
  }
}
