/** One system setting, its value as JSON text. */
import { modelOf } from './modelOf.ts';

export class SettingModel extends modelOf<{ key: string; value: string }>() {
  static override tableName = 'system_settings';
  static override idColumn = 'key';
}
