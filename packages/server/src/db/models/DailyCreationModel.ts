/** Shares of one kind created on one UTC day (migration 024; services/creationTallyStore.ts writes it). */
import { modelOf } from './modelOf.ts';

export class DailyCreationModel extends modelOf<{ day: string; kind: string; count: number }>() {
  static override tableName = 'daily_creations';
  static override idColumn = ['day', 'kind'];
}
