// @clip-databases sqlite postgres
// No admin password, admin token or API key may appear in plain text in the data directory or the database.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, TEST_ADMIN } from './testing/testServer.ts';

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

test('secrets are stored hashed or sealed, never in plain text', async () => {
  const server = await startTestServer();
  try {
    const admin = await server.adminClient();
    const token = await server.adminToken();
    const { key } = await admin.apiKeys.create({
      name: 'secret-check',
      custom_key: 'plainly-visible-custom-key-42',
      text_permission: true,
    });
    const generated = (await admin.apiKeys.create({ name: 'generated' })).key;
    const secrets = [TEST_ADMIN.password, token, key, generated];

    // Everything the database holds, dumped as text.
    const knex = server.app.services.db.knex;
    const tables = ['admins', 'admin_tokens', 'api_keys', 'system_settings', 'rate_limits'];
    let dump = '';
    for (const t of tables) dump += JSON.stringify(await knex(t).select('*'));
    // SQLite keeps its pages (and WAL) in the data dir; read them raw too.
    for (const file of filesBelow(server.dataDir)) dump += readFileSync(file).toString('latin1');
    assert.ok(dump.length > 1000, 'the dump holds the tables');
    for (const secret of secrets)
      assert.not.ok(dump.includes(secret), `found a secret in plain text: ${secret.slice(0, 6)}...`);
  } finally {
    await server.close();
  }
});

test.run();
