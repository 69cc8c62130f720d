/** Module-level table: navigation vs read/write for a key scoped to /m1/sub (services/permissions.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeVirtualPath } from '../fs/paths.ts';
import { type Expected, SCOPED_KEY_TABLE } from '../fs/testing/permissionTable.ts';
import type { Actor } from './actor.ts';
import {
  fsAccessAt,
  fsChildVisible,
  mountVisibleTo,
  requireFsNavigate,
  requireFsReadWrite,
} from './permissions.ts';

const key = (basicPath: string, mount = true): Actor => ({
  kind: 'apikey',
  id: 'k1',
  name: 'k',
  permissions: { text: false, file: false, mount },
  basicPath,
});
const admin: Actor = { kind: 'admin', id: 'a', username: 'admin' };

function decide(actor: Actor, encoded: string): Expected {
  let path: string;
  try {
    path = decodeVirtualPath(encoded);
  } catch (err) {
    assert.is((err as { status: number }).status, 400);
    return 'invalid';
  }
  return fsAccessAt(actor, path);
}

test('a key scoped to /m1/sub: the whole table', () => {
  for (const [encoded, expected] of SCOPED_KEY_TABLE)
    assert.is(decide(key('/m1/sub'), encoded), expected, encoded);
});

test('the same scope written with a trailing slash or dot segments means the same', () => {
  for (const basic of ['/m1/sub/', '/m1/./sub', '/m1/x/../sub'])
    for (const [encoded, expected] of SCOPED_KEY_TABLE)
      assert.is(decide(key(basic), encoded), expected, `${basic} ${encoded}`);
});

test('checks throw 403 where access is short, and navigation never grants read/write', () => {
  const k = key('/m1/sub');
  assert.is(requireFsNavigate(k, '/m1'), 'navigate');
  assert.throws(
    () => requireFsReadWrite(k, '/m1'),
    (e: { status: number }) => e.status === 403,
  );
  assert.throws(
    () => requireFsReadWrite(k, '/'),
    (e: { status: number }) => e.status === 403,
  );
  assert.throws(
    () => requireFsNavigate(k, '/m1/subx'),
    (e: { status: number }) => e.status === 403,
  );
  requireFsReadWrite(k, '/m1/sub/a');
  assert.ok(fsChildVisible(k, '/m1'));
  assert.ok(fsChildVisible(k, '/m1/sub'));
  assert.not.ok(fsChildVisible(k, '/m2'));
  assert.not.ok(fsChildVisible(k, '/m1/subx'));
});

test('a key without mount permission has no access anywhere; `/` grants everything; the admin all', () => {
  for (const [encoded, expected] of SCOPED_KEY_TABLE) {
    const noMount = decide(key('/m1/sub', false), encoded);
    assert.is(noMount, expected === 'invalid' ? 'invalid' : 'none', encoded);
    assert.is(decide(key('/'), encoded), expected === 'invalid' ? 'invalid' : 'full', encoded);
    assert.is(decide(admin, encoded), expected === 'invalid' ? 'invalid' : 'full', encoded);
  }
  assert.throws(
    () => requireFsNavigate(key('/', false), '/'),
    (e: { status: number; message: string }) => e.status === 403 && /mount permission/.test(e.message),
  );
  assert.throws(
    () => requireFsNavigate({ kind: 'anonymous' }, '/'),
    (e: { status: number }) => e.status === 401,
  );
});

test('mounts visible to a key: at, under or above its basic path, never a sibling prefix', () => {
  const k = key('/m1/sub');
  assert.ok(mountVisibleTo(k, '/m1'));
  assert.ok(mountVisibleTo(k, '/m1/sub'));
  assert.ok(mountVisibleTo(k, '/m1/sub/deep'));
  assert.not.ok(mountVisibleTo(k, '/m1/subx'));
  assert.not.ok(mountVisibleTo(k, '/m2'));
  assert.ok(mountVisibleTo(key('/'), '/anything'));
});

test.run();
