import type { Knex } from 'knex';

/**
 * Background tasks (copy, upload, delete, download) shared by every server process through the database:
 * a runner claims a pending task (or one whose lease ran out) and renews its lease while it works.
 * `next_item` is the index of the first item not yet done, so a taken-over task goes on from there.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tasks', (t) => {
    t.string('id', 36).primary();
    // copy | upload | delete | download
    t.string('type', 16).notNullable();
    // pending | running | completed | partial | failed | cancelled
    t.string('status', 16).notNullable();
    // The creator: the admin's id or `apikey:<id>`.
    t.string('owner', 100).notNullable();
    // 0..100
    t.integer('progress').notNullable().defaultTo(0);
    t.text('current_file').nullable();
    t.integer('total_count').notNullable().defaultTo(0);
    t.integer('success_count').notNullable().defaultTo(0);
    t.integer('skipped_count').notNullable().defaultTo(0);
    t.integer('failed_count').notNullable().defaultTo(0);
    t.bigInteger('bytes_done').notNullable().defaultTo(0);
    t.bigInteger('bytes_total').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('started_at').nullable();
    t.bigInteger('completed_at').nullable();
    t.text('error').nullable();
    // JSON: what to do (the items and the type's options).
    t.text('payload').notNullable();
    // JSON: per-item results, the first 1,000 kept (the counts cover the rest).
    t.text('results').notNullable().defaultTo('[]');
    // JSON: indices of every failed item, for retry.
    t.text('failed_items').notNullable().defaultTo('[]');
    t.integer('next_item').notNullable().defaultTo(0);
    t.boolean('cancel_requested').notNullable().defaultTo(false);
    // Which runner holds the task and until when (epoch ms); a lapsed lease lets another runner take over.
    t.string('lease_owner', 64).nullable();
    t.bigInteger('lease_expires_at').nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.index(['status', 'created_at'], 'tasks_status_created');
    t.index(['owner', 'created_at'], 'tasks_owner_created');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tasks');
}
