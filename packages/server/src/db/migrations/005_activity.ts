import type { Knex } from 'knex';

/**
 * Share views per UTC day and kind, for the dashboard's activity chart. One row per (day, kind),
 * incremented in place, so the table grows by two rows a day whatever the traffic.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('share_views_daily', (t) => {
    // 'YYYY-MM-DD' in UTC.
    t.string('day', 10).notNullable();
    // 'text' or 'file'.
    t.string('kind', 8).notNullable();
    t.bigInteger('count').notNullable().defaultTo(0);
    t.primary(['day', 'kind']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('share_views_daily');
}
