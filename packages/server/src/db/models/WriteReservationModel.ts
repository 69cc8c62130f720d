/** Bytes a write in flight may still add to a storage config. */
import { modelOf } from './modelOf.ts';

export class WriteReservationModel extends modelOf<{
  id: string;
  storage_config_id: string;
  bytes: number;
  expires_at: number;
  created_at: number;
}>() {
  static override tableName = 'write_reservations';
}
