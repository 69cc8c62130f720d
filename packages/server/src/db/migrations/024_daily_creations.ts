import type { Knex } from 'knex';

/**
 * Shares created per UTC day and kind, for the dashboard's history (issue 33 item 10, ADR 0077). Counting
 * the surviving rows made the history shrink as sweeps removed shares; this tally is written with each
 * create and nothing else ever lowers it. Rows per (day, kind, shard), incremented in place and summed
 * when read: a Postgres connection writes the shard of its backend, so create groups on several
 * connections and processes never queue on one row (SQLite, one connection, writes shard 0). Filled
 * from the shares that still exist: what was swept before is gone.
 */
const DAY_MS = 86_400_000;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('daily_creations', (t) => {
    // 'YYYY-MM-DD' in UTC.
    t.string('day', 10).notNullable();
    // 'text' or 'file'.
    t.string('kind', 8).notNullable();
    t.smallint('shard').notNullable().defaultTo(0);
    t.bigInteger('count').notNullable().defaultTo(0);
    t.primary(['day', 'kind', 'shard']);
  });
  await backfill(knex, 'text', knex('pastes'));
  await backfill(knex, 'file', knex('file_shares').where('status', 'ready'));
}

/** One row per day the surviving shares were created on (integer division of epoch ms, in either database). */
async function backfill(knex: Knex, kind: string, shares: Knex.QueryBuilder): Promise<void> {
  const days = (await shares
    .select(knex.raw(`created_at / ${DAY_MS} AS day_index`), knex.raw('COUNT(*) AS n'))
    .groupByRaw(`created_at / ${DAY_MS}`)) as { day_index: unknown; n: unknown }[];
  const rows = days.map((d) => ({
    day: new Date(Number(d.day_index) * DAY_MS).toISOString().slice(0, 10),
    kind,
    count: Number(d.n),
  }));
  // Well below either database's limit on bound values per statement.
  for (let i = 0; i < rows.length; i += 200) await knex('daily_creations').insert(rows.slice(i, i + 200));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('daily_creations');
}
