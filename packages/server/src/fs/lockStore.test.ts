// @clip-databases sqlite postgres
/** The lock table on SQLite and Postgres: conflicts, depth, expiry through an injected clock. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../http/appError.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { createDeadProperties } from './deadPropertyStore.ts';
import { createLockStore, type LockStore, parseTimeout } from './lockStore.ts';

let server: TestServer;
let store: LockStore;
let now = 1_000_000;
test.before(async () => {
  server = await startTestServer();
  const { knex, dialect } = server.app.services.db;
  store = createLockStore(knex, dialect, () => now);
});
test.after(async () => server?.close());

const base = { ownerXml: null, principal: 'admin', timeoutSeconds: 60 } as const;
async function refused423(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof AppError && e.status === 423, String(e));
    return;
  }
  assert.unreachable('expected 423');
}

test('timeouts are capped at an hour; Infinite means the cap', () => {
  assert.is(parseTimeout('Second-30'), 30);
  assert.is(parseTimeout('Second-99999'), 3600);
  assert.is(parseTimeout('Infinite, Second-4100000000'), 3600);
  assert.is(parseTimeout(undefined), 3600);
});

test('exclusive conflicts with anything; shared with shared is fine; depth infinity covers below', async () => {
  const a = await store.create({ ...base, path: '/m/a.txt', depth: '0', scope: 'exclusive' });
  await refused423(store.create({ ...base, path: '/m/a.txt', depth: '0', scope: 'shared' }));
  const s1 = await store.create({ ...base, path: '/m/s.txt', depth: '0', scope: 'shared' });
  const s2 = await store.create({ ...base, path: '/m/s.txt', depth: '0', scope: 'shared' });
  assert.is.not(s1.token, s2.token);
  const tree = await store.create({ ...base, path: '/m/dir', depth: 'infinity', scope: 'exclusive' });
  assert.equal(
    (await store.covering('/m/dir/x/y.txt')).map((l) => l.token),
    [tree.token],
  );
  await refused423(store.create({ ...base, path: '/m/dir/x', depth: '0', scope: 'exclusive' }));
  // A tree lock over something already locked below conflicts too.
  await refused423(store.create({ ...base, path: '/m', depth: 'infinity', scope: 'exclusive' }));
  assert.ok(await store.remove(a.token));
  assert.is(await store.get(a.token), null);
});

test('locks expire with the clock; refresh extends them', async () => {
  const l = await store.create({
    ...base,
    path: '/m/exp.txt',
    depth: '0',
    scope: 'exclusive',
    timeoutSeconds: 10,
  });
  now += 5_000;
  const refreshed = await store.refresh(l.token, 10);
  assert.is(refreshed?.expiresAt, now + 10_000);
  now += 9_000;
  assert.ok(await store.get(l.token));
  now += 2_000;
  assert.is(await store.get(l.token), null);
  assert.equal(await store.covering('/m/exp.txt'), []);
  await store.create({ ...base, path: '/m/exp.txt', depth: '0', scope: 'exclusive' });
});

test('heldBy keeps only live locks the principal created, whoever else names their tokens', async () => {
  const mine = await store.create({
    ...base,
    path: '/m/held/a',
    depth: '0',
    scope: 'exclusive',
    principal: 'apikey:1',
  });
  const theirs = await store.create({
    ...base,
    path: '/m/held/b',
    depth: '0',
    scope: 'exclusive',
    principal: 'apikey:2',
  });
  const brief = await store.create({
    ...base,
    path: '/m/held/c',
    depth: '0',
    scope: 'exclusive',
    principal: 'apikey:1',
    timeoutSeconds: 1,
  });
  now += 2_000;
  const named = new Set([mine.token, theirs.token, brief.token, 'opaquelocktoken:unknown']);
  assert.equal([...(await store.heldBy(named, 'apikey:1'))], [mine.token]);
  assert.equal([...(await store.heldBy(named, 'apikey:2'))], [theirs.token]);
  assert.equal([...(await store.heldBy(new Set(), 'apikey:1'))], []);
});

test('dead properties: prefix moves do not catch siblings sharing a name prefix (no LIKE)', async () => {
  const props = createDeadProperties(server.app.services.db.knex, server.app.services.db.dialect);
  const x = (v: string) => `<Z:p xmlns:Z="urn:z">${v}</Z:p>`;
  await props.apply('/m/d', [{ namespace: 'urn:z', name: 'p', xml: x('d') }]);
  await props.apply('/m/d/f', [{ namespace: 'urn:z', name: 'p', xml: x('f') }]);
  await props.apply('/m/d_x', [{ namespace: 'urn:z', name: 'p', xml: x('sibling') }]);
  await props.apply('/m/D', [{ namespace: 'urn:z', name: 'p', xml: x('upper') }]);
  await props.moveTree('/m/d', '/m/e');
  assert.equal(
    (await props.list('/m/e/f')).map((p) => p.xml),
    [x('f')],
  );
  assert.equal(
    (await props.list('/m/d_x')).map((p) => p.xml),
    [x('sibling')],
  );
  assert.equal(
    (await props.list('/m/D')).map((p) => p.xml),
    [x('upper')],
  );
  assert.equal(await props.list('/m/d'), []);
  await props.removeTree('/m/e');
  assert.equal(await props.list('/m/e/f'), []);
});

test.run();
