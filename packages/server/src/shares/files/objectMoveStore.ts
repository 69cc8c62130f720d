/** The SQL of the object-move worklist migration 015 wrote (`share_object_moves`), one entry per share. */
import type { Knex } from 'knex';
import { loadModels } from '../../db/models/loadModels.ts';

export interface MoveEntry {
  share_id: string;
  storage_config_id: string;
  from_path: string;
  to_path: string;
}

export interface ObjectMoveStore {
  entries(): Promise<MoveEntry[]>;
  /** Drops the share's entry: its move is finished (or nothing is left to move). */
  done(shareId: string): Promise<void>;
}

export function createObjectMoveStore(knex: Knex): ObjectMoveStore {
  return {
    async entries() {
      return (await loadModels()).ShareObjectMoveModel.query(knex).orderBy('share_id');
    },
    async done(shareId) {
      await (await loadModels()).ShareObjectMoveModel.query(knex).deleteById(shareId);
    },
  };
}
