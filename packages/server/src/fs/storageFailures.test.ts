// @clip-databases sqlite postgres
/**
 * Errors name the problem, not the machine (issue 27 item 10): a storage failure on a local mount, met
 * through /api/user/fs, /dav and a task, answers what failed and a request id (a task: its id); the
 * errno text and the server's absolute paths are in the log line that carries that id, never in the answer.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pino from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keyActor } from '../tasks/testing/tasksTestKit.ts';
import { startTestServer } from '../testing/testServer.ts';
import { writeFile as writeFsFile } from './copy/testing/copyTestKit.ts';
import { type FsKit, startFsKit } from './testing/fsTestKit.ts';

const logLines: Record<string, unknown>[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
let kit: FsKit;
let key: string;
let keyId: string;

test.before(async () => {
  // No runner polls: the test runs its task with drain() once it is queued.
  kit = await startFsKit(startTestServer({ taskPollMs: 0 }, { logger }));
  await kit.mount({ mount_path: '/loc', storage_type: 'local' });
  // A local storage whose root folder cannot be made: a file is where its parent folder should be.
  await writeFile(join(kit.server.dataDir, 'blocker'), 'not a folder');
  const admin = await kit.server.adminClient();
  const broken = await admin.storageConfigs.create({
    name: 'broken',
    provider_type: 'local',
    root_path: 'blocker/root',
  });
  await kit.mount({ mount_path: '/broken', storage_type: 'local', storage_config_id: broken.id });
  ({ key, id: keyId } = await kit.server.keyClient({ mount: true }));
});
test.after(async () => kit?.close());

/** What a key holder may read in an answer: no server path, no errno code, no SQL. */
function assertNamesNoMachine(text: string) {
  assert.not.ok(text.includes(kit.server.dataDir), `no server path in: ${text}`);
  assert.not.match(text, /\bE[A-Z]{3,}\b|errno|syscall/, `no errno text in: ${text}`);
  assert.not.match(
    text,
    /\b(select|insert|update|delete)\b.*\b(from|into|set|where)\b/i,
    `no SQL in: ${text}`,
  );
}

/** The log line about `id` (a request or a task) that carries the failure's detail. */
function loggedDetail(field: 'reqId' | 'task', id: string): string {
  const line = logLines.find((l) => l[field] === id && l.err);
  assert.ok(line, `a log line carries ${field} ${id}`);
  return JSON.stringify(line.err);
}

test('/api/user/fs: a storage that cannot be used answers "storage unavailable" and a request id', async () => {
  for (const [method, path, body] of [
    ['GET', '/user/fs/list?path=/broken', undefined],
    ['POST', '/user/fs/mkdir', { path: '/broken/new' }],
  ] as const) {
    const res = await kit.call(key, method, path, body);
    const reqId = res.headers.get('x-request-id')!;
    assert.is(res.status, 502, `${method} ${path}`);
    assert.match(res.body.message, /^"\/broken(\/new)?": storage unavailable \(request id /);
    assert.ok(res.body.message.includes(reqId), 'the answer names its request id');
    assertNamesNoMachine(JSON.stringify(res.body));
    const detail = loggedDetail('reqId', reqId);
    assert.match(detail, /ENOTDIR/, 'the log has the errno');
    assert.ok(detail.includes(kit.server.dataDir), 'and the server path');
  }
});

test('/api/user/fs: a file in the way of a folder is a 4xx naming the path', async () => {
  await writeFsFile(kit.server.app.services.fs, '/loc/file.txt', 'hello');
  const nested = await kit.call(key, 'POST', '/user/fs/mkdir', {
    path: '/loc/file.txt/x',
    create_parents: true,
  });
  assert.ok(nested.status >= 400 && nested.status < 500, `${nested.status} ${nested.body.message}`);
  assert.match(nested.body.message, /"\/loc\/file.txt" is a file/);
  assertNamesNoMachine(nested.body.message);
});

test('/dav: the same failure answers the problem and the request id, the detail is logged', async () => {
  for (const [method, path] of [
    ['PROPFIND', '/dav/broken/'],
    ['MKCOL', '/dav/broken/new'],
    ['PUT', '/dav/broken/new.txt'],
  ] as const) {
    const res = await fetch(`${kit.server.url}${path}`, {
      method,
      headers: { authorization: `ApiKey ${key}`, depth: '1' },
      body: method === 'PUT' ? 'content' : undefined,
    });
    const text = await res.text();
    const reqId = res.headers.get('x-request-id')!;
    assert.is(res.status, 502, `${method} ${path}: ${text}`);
    assert.match(text, /storage unavailable/);
    assert.ok(text.includes(reqId), 'the answer names its request id');
    assertNamesNoMachine(text);
    assert.match(loggedDetail('reqId', reqId), /ENOTDIR/);
  }
});

test('a task: the failed item names the problem; the detail is logged with the task id', async () => {
  const { tasks, taskRunner } = kit.server.app.services;
  const task = await tasks.create(keyActor(keyId), {
    type: 'copy',
    payload: {
      items: [{ kind: 'file', source: '/loc/file.txt', target: '/broken/file.txt', size: 5 }],
      skipExisting: false,
      targets: ['/broken/file.txt'],
    },
  });
  await taskRunner.drain();
  const done = await tasks.get(keyActor(keyId), task.id);
  assert.is(done.status, 'failed');
  const [result] = done.results!;
  assert.is(result.status, 'failed');
  assert.is(result.error, '"/broken/file.txt": storage unavailable');
  assertNamesNoMachine(JSON.stringify(done));
  assert.match(loggedDetail('task', task.id), /ENOTDIR/);
});

test('a task: a database failure under an item is logged with its SQL; the result names the task id', async () => {
  const { tasks, taskRunner, db } = kit.server.app.services;
  // The copy's dead properties cannot be written: the database answers an error carrying its SQL.
  await db.knex.schema.renameTable('dav_properties', 'dav_properties_away');
  try {
    const task = await tasks.create(keyActor(keyId), {
      type: 'copy',
      payload: {
        items: [{ kind: 'file', source: '/loc/file.txt', target: '/loc/copied.txt', size: 5 }],
        skipExisting: false,
        targets: ['/loc/copied.txt'],
      },
    });
    await taskRunner.drain();
    const done = await tasks.get(keyActor(keyId), task.id);
    const [result] = done.results!;
    assert.is(result.status, 'failed');
    assert.is(result.error, `unexpected failure (the server log has the detail, task ${task.id})`);
    assertNamesNoMachine(JSON.stringify(done));
    assert.match(loggedDetail('task', task.id), /dav_properties/, 'the log has the SQL');
  } finally {
    await db.knex.schema.renameTable('dav_properties_away', 'dav_properties');
  }
});

test.run();
