import type { Knex } from 'knex';

/**
 * The access log (links.md, "The access log"; ADR 0056): one row per public access to a share of any
 * kind. `owner` is the share's `created_by` as it was at the access, so a key's own events are found
 * without joining each kind's table (and survive the share's deletion until the sweep).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('access_log', (t) => {
    t.string('id', 36).primary();
    t.string('share_kind', 16).notNullable();
    t.string('share_id', 64).notNullable();
    t.string('owner', 100).notNullable();
    t.bigInteger('at').notNullable();
    t.string('action', 16).notNullable();
    t.string('outcome', 16).notNullable();
    t.string('ip', 64).nullable();
    t.string('user_agent', 512).nullable();
    t.bigInteger('bytes').nullable();
    t.text('path').nullable();
    t.index(['at'], 'access_log_at');
    t.index(['share_kind', 'share_id', 'at'], 'access_log_share');
    t.index(['owner', 'at'], 'access_log_owner');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('access_log');
}
