/** A background task. */
import type { TaskRow } from '../../tasks/taskRow.ts';
import { modelOf } from './modelOf.ts';

export class TaskModel extends modelOf<TaskRow>() {
  static override tableName = 'tasks';
}
