import type { Knex } from 'knex';

/**
 * What a task did, said without reading its payload (issue 33, ADR 0073): `source` and `target` name
 * the path (or the folder of several paths) a task read and wrote, so a list of tasks reads no payload
 * of 100,000 items. The index lets a task's first skipped and failed items be read without walking
 * every item it recorded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tasks', (t) => {
    t.text('source').nullable();
    t.text('target').nullable();
  });
  await knex.schema.alterTable('task_items', (t) => {
    t.index(['task_id', 'status', 'item_index'], 'task_items_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('task_items', (t) => {
    t.dropIndex(['task_id', 'status', 'item_index'], 'task_items_status');
  });
  await knex.schema.alterTable('tasks', (t) => {
    t.dropColumn('source');
    t.dropColumn('target');
  });
}
