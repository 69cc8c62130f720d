// @clip-databases sqlite postgres
// Issue 9 item 5: check-then-act races, each driven by 30 concurrent requests. No 5xx, exactly one
// winner where there can be only one, and nothing half done (no orphaned object or share).
import { randomUUID } from 'node:crypto';
import type { ClipClient } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashPassword } from './crypto/passwords.ts';
import { allObjects, driverOf, fileRows } from './routes/files/testing/fileTestKit.ts';
import { s3rverConfig } from './testing/index.ts';
import { startS3rver, type TestS3 } from './testing/s3rver.ts';
import { startTestServer, type TestServer } from './testing/testServer.ts';

const N = 30;
let server: TestServer;
let admin: ClipClient;
let token: string;
let localConfigId: string;
test.before(async () => {
  // Each request below comes from its own address (one trusted proxy hop writes it), so the per-client
  // password-check cap does not apply.
  server = await startTestServer({ trustProxyHops: 1 });
  admin = await server.adminClient();
  token = await server.adminToken();
  localConfigId = (await admin.storageConfigs.list()).items.find((c) => c.is_default)!.id;
});
test.after(async () => server?.close());

const api = (path: string, init: RequestInit & { from?: number } = {}) =>
  fetch(`${server.url}/api${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': `10.0.0.${init.from ?? 1}`,
      ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });

const tally = async (responses: Response[]): Promise<Record<number, number>> => {
  const counts: Record<number, number> = {};
  for (const res of responses) {
    counts[res.status] = (counts[res.status] ?? 0) + 1;
    await res.arrayBuffer();
  }
  return counts;
};

test(`${N} concurrent deletes of one file share: one 200, the rest 404, the object removed`, async () => {
  const share = await admin.files.upload(new Blob(['delete me']), {}, { filename: 'd.txt' });
  const before = await allObjects(await driverOf(server, localConfigId));
  assert.is(before.length, 1);
  const answers = await Promise.all(
    Array.from({ length: N }, () => api(`/admin/files/${share.id}`, { method: 'DELETE' })),
  );
  assert.equal(await tally(answers), { 200: 1, 404: N - 1 });
  assert.equal(await allObjects(await driverOf(server, localConfigId)), []);
  assert.equal(await fileRows(server), []);
});

test(`${N} concurrent batch deletes of the same shares: each share is deleted exactly once`, async () => {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++)
    ids.push((await admin.files.upload(new Blob([`b${i}`]), {}, { filename: 'b.txt' })).id);
  const answers = await Promise.all(
    Array.from({ length: N }, () =>
      api('/admin/files/batch-delete', { method: 'POST', body: JSON.stringify({ ids }) }),
    ),
  );
  let deleted = 0;
  for (const res of answers) {
    assert.is(res.status, 200);
    deleted += ((await res.json()) as { data: { deleted: number } }).data.deleted;
  }
  assert.is(deleted, 3);
  assert.equal(await allObjects(await driverOf(server, localConfigId)), []);
});

test(`${N} concurrent uploads into a config with room for 10: exactly 10 fit`, async () => {
  await admin.storageConfigs.update(localConfigId, { total_storage_bytes: 100 });
  try {
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => {
        const form = new FormData();
        form.append('file', new Blob(['0123456789']), `f${i}.txt`);
        return api('/upload', { method: 'POST', body: form });
      }),
    );
    assert.equal(await tally(answers), { 201: 10, 413: N - 10 });
    const rows = await server.app.services.db.knex('file_shares').select('size', 'status');
    assert.is(rows.length, 10);
    assert.is(
      rows.reduce((sum, r) => sum + Number(r.size), 0),
      100,
    );
    assert.is((await allObjects(await driverOf(server, localConfigId))).length, 10);
  } finally {
    await admin.storageConfigs.update(localConfigId, { total_storage_bytes: null });
    await admin.files.batchDelete((await admin.files.list({ limit: 100 })).items.map((f) => f.id));
  }
});

test(`a storage config deleted while ${N} uploads go to it: never a share without its config`, async () => {
  const config = await admin.storageConfigs.create({
    name: 'doomed',
    provider_type: 'local',
    root_path: `doomed-${randomUUID()}`,
    is_public: true,
  });
  const uploads = Array.from({ length: N - 1 }, (_, i) => {
    const form = new FormData();
    form.append('s3_config_id', config.id);
    form.append('file', new Blob(['x']), `r${i}.txt`);
    return api('/upload', { method: 'POST', body: form, from: i + 2 });
  });
  const removal = api(`/s3-configs/${config.id}`, { method: 'DELETE' });
  const answers = await Promise.all([removal, ...uploads]);
  for (const res of answers) assert.ok(res.status < 500, `answered ${res.status}`);
  const knex = server.app.services.db.knex;
  const orphans = await knex('file_shares')
    .whereNotIn('s3_config_id', knex('storage_configs').select('id'))
    .count<{ n: number | string }[]>({ n: '*' });
  assert.is(Number(orphans[0].n), 0);
  const stillThere = await knex('storage_configs').where({ id: config.id }).first('id');
  const shares = await knex('file_shares').where({ s3_config_id: config.id }).select('id');
  if (!stillThere) assert.equal(shares, [], 'the config went, so no share may point at it');
  // The database itself refuses a share for a missing config.
  const row = await knex('file_shares').first();
  if (row) {
    let refused = false;
    try {
      await knex('file_shares').insert({ ...row, id: randomUUID(), slug: 'fk-probe', s3_config_id: 'gone' });
    } catch {
      refused = true;
    }
    assert.ok(refused, 'the foreign key refuses a share whose config does not exist');
  }
  if (stillThere) {
    await admin.files.batchDelete(shares.map((s) => s.id));
    await admin.storageConfigs.remove(config.id);
  }
});

test(`${N} concurrent commits of one presigned and one multipart upload: all answer the one share`, async () => {
  const s3: TestS3 = await startS3rver();
  try {
    const config = await admin.storageConfigs.create(s3rverConfig(s3));
    const post = (path: string, body: unknown) =>
      api(path, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => ({
        status: r.status,
        id: ((await r.json()) as { data: { id: string } | null }).data?.id,
      }));

    const single = await admin.files.presign({ s3_config_id: config.id, filename: 'one.txt', size: 3 });
    await (await fetch(single.upload_url, { method: 'PUT', body: 'one' })).arrayBuffer();
    const commits = await Promise.all(
      Array.from({ length: N }, () => post('/s3/commit', { file_id: single.file_id })),
    );
    assert.equal(
      commits.filter((c) => c.status !== 200 || c.id !== single.file_id),
      [],
    );

    // Presigns declare their size: the reservation is the pending record, made under the capacity lock.
    await admin.storageConfigs.update(config.id, { total_storage_bytes: 100 + 3 });
    const presigns = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        post('/s3/presign', { s3_config_id: config.id, filename: `p${i}.txt`, size: 10 }),
      ),
    );
    assert.is(presigns.filter((p) => p.status === 201).length, 10);
    assert.is(presigns.filter((p) => p.status === 413).length, N - 10);
    await server.app.services.db.knex('file_shares').where({ status: 'pending' }).delete();
    await admin.storageConfigs.update(config.id, { total_storage_bytes: null });

    const MiB = 1024 * 1024;
    const init = await admin.files.multipartInit({
      s3_config_id: config.id,
      filename: 'big.bin',
      size: 6 * MiB,
    });
    const parts: { partNumber: number; etag: string }[] = [];
    for (const { partNumber, url } of init.part_urls) {
      const bytes = new Uint8Array(partNumber === 1 ? 5 * MiB : MiB).fill(partNumber);
      const res = await fetch(url, { method: 'PUT', body: bytes });
      await res.arrayBuffer();
      parts.push({ partNumber, etag: res.headers.get('etag')! });
    }
    const completes = await Promise.all(
      Array.from({ length: N }, () =>
        post('/s3/multipart/complete', { file_id: init.file_id, upload_id: init.upload_id, parts }),
      ),
    );
    assert.equal(
      completes.filter((c) => c.status !== 200 || c.id !== init.file_id),
      [],
    );
    const record = await admin.files.getById(init.file_id);
    assert.is(record.size, 6 * MiB);
    const stat = await (await driverOf(server, config.id)).stat(record.storage_path);
    assert.is(stat?.size, 6 * MiB);
    await admin.files.batchDelete([single.file_id, init.file_id]);
    await admin.storageConfigs.remove(config.id);
  } finally {
    await s3.close();
  }
});

test(`${N} concurrent batch deletes of the same text shares and keys: each counted once`, async () => {
  const pastes: string[] = [];
  for (let i = 0; i < 3; i++) pastes.push((await admin.pastes.create({ content: `p${i}` })).id);
  const keys: string[] = [];
  for (let i = 0; i < 3; i++) keys.push((await admin.apiKeys.create({ name: `k${i}` })).id);
  const count = async (path: string, ids: string[]) => {
    const answers = await Promise.all(
      Array.from({ length: N }, () => api(path, { method: 'POST', body: JSON.stringify({ ids }) })),
    );
    let deleted = 0;
    for (const res of answers) {
      assert.is(res.status, 200);
      deleted += ((await res.json()) as { data: { deleted: number } }).data.deleted;
    }
    return deleted;
  };
  assert.is(await count('/admin/pastes/batch-delete', pastes), 3);
  assert.is(await count('/admin/api-keys/batch-delete', keys), 3);
});

test(`${N} concurrent username changes by two admins to one name: one admin gets it, the other 409`, async () => {
  const knex = server.app.services.db.knex;
  const now = Date.now();
  await knex('admins').insert({
    id: randomUUID(),
    username: 'second-admin',
    password_hash: await hashPassword('second-password'),
    created_at: now,
    updated_at: now,
  });
  const second = (await server.client().auth.login('second-admin', 'second-password')).token;
  const answers = await Promise.all(
    Array.from({ length: N }, (_, i) =>
      api('/admin/change-password', {
        method: 'POST',
        from: i + 2,
        headers: { authorization: `Bearer ${i % 2 ? second : token}` },
        body: JSON.stringify({
          currentPassword: i % 2 ? 'second-password' : 'test-admin-password',
          newUsername: 'contested-name',
        }),
      }),
    ),
  );
  const byAdmin = [0, 1].map((parity) => answers.filter((_, i) => i % 2 === parity).map((r) => r.status));
  for (const res of answers) assert.ok(res.status === 200 || res.status === 409, `answered ${res.status}`);
  const winners = byAdmin.filter((statuses) => statuses.includes(200));
  assert.is(winners.length, 1, 'exactly one admin got the name');
  const loser = byAdmin.find((statuses) => !statuses.includes(200))!;
  assert.ok(
    loser.every((s) => s === 409),
    `the other admin's requests all answered 409: ${loser}`,
  );
  const names = (await knex('admins').select('username')).map((a) => a.username);
  assert.is(names.filter((n) => n === 'contested-name').length, 1);
});

test.run();
