import type { Knex } from 'knex';

/**
 * One row per task item done (issue 32): its outcome, written by the runner holding the task's lease
 * and only while it holds it (the insert checks the fencing token, `tasks.attempts`). A runner that takes
 * a task over skips the items recorded here and counts from them, so an item done just before a kill is
 * neither done nor counted twice. Rows go with their task.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('task_items', (t) => {
    t.string('task_id', 36).notNullable().references('id').inTable('tasks').onDelete('CASCADE');
    t.integer('item_index').notNullable();
    // success | skipped | failed
    t.string('status', 16).notNullable();
    t.text('path').notNullable();
    t.text('error').nullable();
    t.primary(['task_id', 'item_index']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('task_items');
}
