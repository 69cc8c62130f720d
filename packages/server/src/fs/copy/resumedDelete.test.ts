// @clip-databases sqlite postgres
// A delete task taken over from a dead runner (issue 32): a path already gone was removed by that runner
// before it could record it, so the task ends `completed`; in a first run the same missing path fails.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { claimTask } from '../../tasks/taskStore.ts';
import { serverAdmin, until } from '../../tasks/testing/tasksTestKit.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';

let server: TestServer;
test.before(async () => {
  // No polling runner: the test drains the runner itself, after staging the dead one's claim.
  server = await startTestServer({ taskPollMs: 0 });
  const admin = await server.adminClient();
  const local = (await admin.storageConfigs.list()).items.find((c) => c.provider_type === 'local')!;
  await admin.mounts.create({
    name: 'loc',
    mount_path: '/loc',
    storage_type: 'local',
    storage_config_id: local.id,
  });
  await admin.fs.mkdir('/loc/there');
});
test.after(async () => server?.close());

test('a missing path fails a first run and is done in a run that took the task over', async () => {
  const { tasks, taskRunner, db } = server.app.services;
  const owner = await serverAdmin(db.knex);
  const first = await tasks.create(owner, {
    type: 'delete',
    payload: { items: ['/loc/there', '/loc/gone'] },
  });
  assert.is(await taskRunner.drain(), 1);
  const ran = await tasks.get(owner, first.id);
  assert.equal([ran.status, ran.success, ran.failed], ['partial', 1, 1]);

  const resumed = await tasks.create(owner, { type: 'delete', payload: { items: ['/loc/gone'] } });
  const dead = await claimTask(db.knex, db.dialect, {
    runnerId: 'dead',
    now: Date.now(),
    leaseMs: 1,
    types: ['delete'],
  });
  assert.is(dead?.id, resumed.id);
  await until(() => Date.now() > Number(dead!.lease_expires_at), 'the dead runner’s lease to lapse');
  assert.is(await taskRunner.drain(), 1);
  const final = await tasks.get(owner, resumed.id);
  assert.equal([final.status, final.success, final.failed, final.total], ['completed', 1, 0, 1]);
});

test.run();
