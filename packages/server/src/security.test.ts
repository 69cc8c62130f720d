// @clip-databases sqlite postgres
// No admin password, admin token, API key, share password or S3 secret key may appear in plain text in
// any table of the database or in the data directory.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dumpFiles, dumpTables, filesBelow, tableNames } from './testing/atRest.ts';
import { startTestServer, TEST_ADMIN } from './testing/testServer.ts';

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
    const pastePassword = 'paste-password-in-the-clear-7';
    const filePassword = 'file-password-in-the-clear-8';
    const s3Secret = 'S3-secret-access-key-in-the-clear-9';
    await admin.pastes.create({ content: 'protected text', password: pastePassword });
    const file = await admin.files.upload(new Blob(['protected file']), { password: filePassword });
    await admin.files.update(file.id, { password: `${filePassword}-changed` });
    await admin.storageConfigs.create({
      name: 'with a secret',
      provider_type: 'minio',
      endpoint_url: 'http://127.0.0.1:9',
      bucket_name: 'bucket',
      access_key_id: 'AKIDEXAMPLE',
      secret_access_key: s3Secret,
    });
    // A wrong guess leaves a rate-limit row behind: it must not hold the guess either.
    await server
      .client()
      .pastes.unlock('no-such-share', pastePassword)
      .catch(() => {});
    const secrets = [
      TEST_ADMIN.password,
      token,
      key,
      generated,
      pastePassword,
      filePassword,
      `${filePassword}-changed`,
      s3Secret,
    ];

    const tables = await tableNames(server.app.services.db);
    for (const expected of ['admins', 'api_keys', 'pastes', 'file_shares', 'storage_configs', 'rate_limits'])
      assert.ok(tables.includes(expected), `the dump misses ${expected}`);
    // SQLite keeps its pages (and WAL) in the data dir; read them raw too.
    const dump = (await dumpTables(server.app.services.db, tables)) + dumpFiles(filesBelow(server.dataDir));
    assert.ok(dump.length > 1000, 'the dump holds the tables');
    for (const secret of secrets)
      assert.not.ok(dump.includes(secret), `found a secret in plain text: ${secret.slice(0, 6)}...`);
  } finally {
    await server.close();
  }
});

test.run();
