/** Background tasks (`/admin/tasks`, `/user/tasks`). */
import * as c from '@clip/sdk';
import { type RouteDocs, SCOPES } from './types.ts';

const tag = 'Tasks';

export const taskDocs: RouteDocs = {};

for (const scope of SCOPES) {
  const p = `/api/${scope}/tasks`;
  taskDocs[`GET ${p}`] = {
    tag,
    summary: 'List tasks',
    query: c.taskListQuerySchema,
    response: c.taskListSchema,
  };
  taskDocs[`POST ${p}/clear`] = {
    tag,
    summary: 'Clear finished tasks',
    response: c.clearTasksResultSchema,
  };
  taskDocs[`GET ${p}/:id`] = {
    tag,
    summary: 'Get a task with its item results and its first 100 skipped and failed items',
    response: c.taskSchema,
  };
  taskDocs[`POST ${p}/:id/cancel`] = { tag, summary: 'Cancel a task', response: c.taskSchema };
  taskDocs[`POST ${p}/:id/retry`] = { tag, summary: 'Retry a task', response: c.taskSchema };
  taskDocs[`DELETE ${p}/:id`] = { tag, summary: 'Delete a finished task', response: c.nullDataSchema };
}
