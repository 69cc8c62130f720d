/** Views of one share kind on one UTC day. */
import { modelOf } from './modelOf.ts';

export class ShareViewDailyModel extends modelOf<{ day: string; kind: string; count: number }>() {
  static override tableName = 'share_views_daily';
  static override idColumn = ['day', 'kind'];
}
