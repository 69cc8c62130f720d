import type { Knex } from 'knex';

/**
 * WebDAV state that every server process must see: dead properties (PROPPATCH) and locks (LOCK).
 * Both are keyed by the virtual path (`/mount/dir/file`, no trailing slash), so a MOVE or COPY
 * rewrites a path prefix and a DELETE drops one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dav_properties', (t) => {
    t.string('path', 2048).notNullable();
    t.string('namespace', 512).notNullable();
    t.string('name', 255).notNullable();
    // The whole property element, serialised (namespaces declared on it), as given by the client.
    t.text('xml').notNullable();
    t.primary(['path', 'namespace', 'name']);
  });
  await knex.schema.createTable('dav_locks', (t) => {
    t.string('token', 100).primary();
    t.string('path', 2048).notNullable().index();
    // '0' or 'infinity'.
    t.string('depth', 8).notNullable();
    // 'exclusive' or 'shared'.
    t.string('scope', 10).notNullable();
    // The client's DAV:owner element, serialised, or null.
    t.text('owner_xml');
    // Who took the lock: the actor's creator id.
    t.string('principal', 100).notNullable();
    t.integer('timeout_seconds').notNullable();
    t.bigInteger('expires_at').notNullable().index();
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('dav_locks');
  await knex.schema.dropTableIfExists('dav_properties');
}
