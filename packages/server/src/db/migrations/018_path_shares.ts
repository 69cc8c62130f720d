import type { Knex } from 'knex';

/**
 * Path shares (links.md): a link to a file or folder inside a mount. The row holds the virtual path, not
 * an object: the share follows the path live, and what it may reach is decided on every access by its
 * owner's permissions as they stand then.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('path_shares', (t) => {
    t.string('id', 64).primary();
    t.string('slug', 50).notNullable().unique();
    // The shared virtual path, normalised (`/m/docs`).
    t.string('path', 1024).notNullable();
    // What was there when the share was made: 'file' or 'folder'.
    t.string('kind', 16).notNullable();
    t.string('password_hash', 255).nullable();
    // Epoch ms; null = never expires.
    t.bigInteger('expires_at').nullable().index();
    // 0 = unlimited.
    t.integer('max_views').notNullable().defaultTo(0);
    t.integer('views').notNullable().defaultTo(0);
    t.text('remark').nullable();
    // The admin's id or `apikey:{id}`: the actor every access acts as.
    t.string('created_by', 100).notNullable().index();
    t.bigInteger('created_at').notNullable().index();
    t.bigInteger('updated_at').notNullable();
    t.index(['path']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('path_shares');
}
