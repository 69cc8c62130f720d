import type { Knex } from 'knex';

/**
 * What several processes on one database must agree on (issue 32).
 *
 * `server_identity`: facts about the installation every process checks at start, one row each; the
 * first is `secret_fingerprint`, an HMAC of CLIP_SECRET (never the secret), written by the first start
 * so a process with another secret refuses to start (ADR 0063).
 *
 * `task_items`: one row per task item done, its outcome, written by the runner holding the task's
 * lease and only while it holds it (the insert checks the fencing token, `tasks.attempts`). A runner that takes
 * a task over skips the items recorded here and counts from them, so an item done just before a kill is
 * neither done nor counted twice. Rows go with their task.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('server_identity', (t) => {
    t.string('name', 64).primary();
    t.text('value').notNullable();
    t.bigInteger('created_at').notNullable();
  });
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
  await knex.schema.dropTableIfExists('server_identity');
}
