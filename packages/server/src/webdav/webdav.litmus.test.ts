// @clip-databases sqlite postgres
/** litmus 0.13 (Debian) against a collection under a local mount and under an s3rver mount: 100%, 0 failed. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, TEST_ADMIN } from '../testing/testServer.ts';
import { type DavKit, startDavKit } from './testing/davTestKit.ts';
import { runLitmus } from './testing/litmus.ts';

let kit: DavKit;
test.before(async () => {
  kit = await startDavKit(startTestServer());
  await kit.mount({
    name: 'local',
    mount_path: '/local',
    storage_config_id: kit.localConfigId,
    storage_type: 'local',
  });
  await kit.mount({
    name: 's3',
    mount_path: '/team/s3',
    storage_config_id: kit.s3ConfigId,
    storage_type: 's3',
  });
  for (const dir of ['/local/litmus-root', '/team/s3/litmus-root'])
    assert.is((await kit.dav('MKCOL', dir)).status, 201);
});
test.after(async () => kit?.close());

const GROUPS = ['basic', 'copymove', 'props', 'locks', 'http'];

for (const [label, path] of [
  ['local', '/local/litmus-root/'],
  ['s3', '/team/s3/litmus-root/'],
] as const) {
  test(`litmus on the ${label} mount: every group at 100%, none failed`, async () => {
    const result = await runLitmus(`${kit.server.url}/dav${path}`, TEST_ADMIN.username, TEST_ADMIN.password);
    console.log(
      `litmus ${label}: ${result.groups.map((g) => `${g.name} ${g.passed}/${g.run} (${g.warnings} warnings)`).join(', ')}`,
    );
    for (const w of result.warnings) console.log(`  ${w}`);
    assert.equal(
      result.groups.map((g) => g.name),
      GROUPS,
      `every group ran:\n${result.output}`,
    );
    for (const g of result.groups) {
      assert.is(g.failed, 0, `${g.name} failed ${g.failed}:\n${result.failures.join('\n')}`);
      assert.is(g.percent, 100, g.name);
    }
    assert.equal(result.warnings, [], 'litmus issued no warnings');
  });
}

test.run();
