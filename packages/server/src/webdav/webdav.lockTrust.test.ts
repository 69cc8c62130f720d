// @clip-databases sqlite postgres
/**
 * Who may lock, and whose a lock is (issue 27 items 3 and 4): LOCK needs write access to the path, nothing
 * above the mounts is lockable, and a lock is its creator's: only the creator sees its token, writes
 * through it or refreshes it; the admin may break it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../testing/testServer.ts';
import { basicAuth, type DavKit, startDavKit } from './testing/davTestKit.ts';

let kit: DavKit;
/** Two keys confined to the same folder, and one to a folder beside it. */
let alice: string;
let bob: string;
test.before(async () => {
  kit = await startDavKit(startTestServer());
  await kit.mountLocalAndS3();
  await kit.mount({
    name: 'deep',
    mount_path: '/team/deep',
    storage_config_id: kit.localConfigId,
    storage_type: 'local',
  });
  await kit.dav('MKCOL', '/local/team');
  const key = async () => {
    const { key } = await kit.server.keyClient({ mount: true, basic_path: '/local/team' });
    return basicAuth(key, key);
  };
  alice = await key();
  bob = await key();
});
test.after(async () => kit?.close());

const LOCKINFO =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>t</D:owner></D:lockinfo>';

function lock(path: string, auth: string, headers: Record<string, string> = {}) {
  return kit.dav('LOCK', path, { auth, body: LOCKINFO, headers: { depth: 'infinity', ...headers } });
}

const tokenOf = (res: Response) => /<([^>]+)>/.exec(res.headers.get('lock-token') ?? '')?.[1] as string;

test('a key cannot lock the root, a virtual folder or a folder it may only browse; the admin can still write', async () => {
  for (const path of ['/', '/local/', '/team/']) {
    const res = await lock(path, alice);
    assert.is(res.status, 403, `key LOCK ${path}`);
  }
  assert.equal(await kit.server.app.services.db.knex('dav_locks').select('path'), []);
  assert.is((await kit.dav('PUT', '/local/admin.txt', { body: 'still writable' })).status, 201);
  assert.is((await kit.dav('MKCOL', '/local/team/sub')).status, 201);
});

test('nobody locks the root or a virtual folder above the mounts, not even the admin', async () => {
  for (const path of ['/', '/team/']) {
    const res = await lock(path, kit.basic);
    assert.is(res.status, 403, `admin LOCK ${path}`);
    assert.match(await res.text(), /not inside a mount/);
  }
  const mountRoot = await lock('/team/deep/', kit.basic);
  assert.is(mountRoot.status, 200, 'a mount itself is lockable');
  assert.is(
    (await kit.dav('UNLOCK', '/team/deep/', { headers: { 'lock-token': `<${tokenOf(mountRoot)}>` } })).status,
    204,
  );
});

test('a refresh is capped at an hour as a new lock is', async () => {
  await kit.dav('PUT', '/local/team/capped.txt', { body: 'c', auth: alice });
  const taken = await lock('/local/team/capped.txt', alice, { timeout: 'Second-60' });
  assert.is(taken.status, 200);
  const refreshed = await kit.dav('LOCK', '/local/team/capped.txt', {
    auth: alice,
    headers: { if: `(<${tokenOf(taken)}>)`, timeout: 'Infinite' },
  });
  assert.is(refreshed.status, 200);
  assert.match(await refreshed.text(), /<D:timeout>Second-3600<\/D:timeout>/);
  await kit.dav('UNLOCK', '/local/team/capped.txt', {
    auth: alice,
    headers: { 'lock-token': `<${tokenOf(taken)}>` },
  });
});

test("a lock's token is shown to its creator and the admin only; nobody else writes, refreshes or unlocks with it", async () => {
  const path = '/local/team/report.txt';
  assert.is((await kit.dav('PUT', path, { body: 'v1', auth: alice })).status, 201);
  const taken = await lock(path, alice);
  assert.is(taken.status, 200);
  const token = tokenOf(taken);
  const discovery = async (auth: string) =>
    (await kit.dav('PROPFIND', path, { auth, headers: { depth: '0' } })).text();

  const seenByBob = await discovery(bob);
  assert.match(seenByBob, /<D:activelock>/, 'the lock itself is visible');
  assert.not.ok(seenByBob.includes(token), 'but not its token');
  assert.ok((await discovery(alice)).includes(token));
  assert.ok((await discovery(kit.basic)).includes(token));

  const withToken = { if: `(<${token}>)` };
  assert.is((await kit.dav('PUT', path, { body: 'bob', auth: bob, headers: withToken })).status, 423);
  assert.is((await kit.dav('DELETE', path, { auth: bob, headers: withToken })).status, 423);
  assert.is(
    (
      await kit.dav('PROPPATCH', path, {
        auth: bob,
        headers: withToken,
        body: '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x:t xmlns:x="urn:x">b</x:t></D:prop></D:set></D:propertyupdate>',
      })
    ).status,
    423,
  );
  // The admin too: breaking a lock is UNLOCK, not writing through someone else's.
  assert.is((await kit.dav('PUT', path, { body: 'admin', headers: withToken })).status, 423);
  assert.is((await kit.dav('LOCK', path, { auth: bob, headers: withToken })).status, 403);
  assert.is(
    (await kit.dav('UNLOCK', path, { auth: bob, headers: { 'lock-token': `<${token}>` } })).status,
    403,
  );
  assert.is(await (await kit.dav('GET', path, { auth: alice })).text(), 'v1');

  assert.is((await kit.dav('PUT', path, { body: 'v2', auth: alice, headers: withToken })).status, 204);
  assert.is(
    (await kit.dav('UNLOCK', path, { headers: { 'lock-token': `<${token}>` } })).status,
    204,
    'the admin breaks it',
  );
  assert.is((await kit.dav('PUT', path, { body: 'v3', auth: bob })).status, 204);
});

test.run();
