/** Failures counted against one key in its window. */
import { modelOf } from './modelOf.ts';

export class RateLimitModel extends modelOf<{ key: string; failures: number; window_start: number }>() {
  static override tableName = 'rate_limits';
  static override idColumn = 'key';
}
