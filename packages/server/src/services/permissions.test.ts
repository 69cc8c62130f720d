import { isPathWithin, normalizeScopePath } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Actor } from './actor.ts';
import { ownerFilter, ownsRecord, requirePathAccess, requirePolicy } from './permissions.ts';

const admin: Actor = { kind: 'admin', id: 'a1', username: 'admin' };
const key = (perms: Partial<Record<'text' | 'file' | 'mount', boolean>>, basicPath = '/'): Actor => ({
  kind: 'apikey',
  id: 'k1',
  name: 'k',
  basicPath,
  permissions: { text: false, file: false, mount: false, ...perms },
});

const status = (fn: () => unknown): number | null => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as { status: number }).status;
  }
};

test('policies: admin passes all, keys need their flag, anonymous is 401', () => {
  for (const p of ['admin', 'text', 'file', 'mount', 'authenticated'] as const)
    assert.is(
      status(() => requirePolicy(admin, p)),
      null,
    );
  assert.is(
    status(() => requirePolicy(key({ text: true }), 'text')),
    null,
  );
  assert.is(
    status(() => requirePolicy(key({ text: true }), 'file')),
    403,
  );
  assert.is(
    status(() => requirePolicy(key({ text: true }), 'admin')),
    403,
  );
  assert.is(
    status(() => requirePolicy({ kind: 'anonymous' }, 'text')),
    401,
  );
  assert.is(
    status(() => requirePolicy({ kind: 'anonymous' }, 'public')),
    null,
  );
});

test('path normalisation: trailing slashes, dots, escapes', () => {
  assert.is(normalizeScopePath('/foo/'), '/foo');
  assert.is(normalizeScopePath('foo//bar/./baz/'), '/foo/bar/baz');
  assert.is(normalizeScopePath('/foo/../bar'), '/bar');
  assert.is(normalizeScopePath('/../etc'), null);
  assert.is(normalizeScopePath('/a\0b'), null);
  assert.is(normalizeScopePath('\\foo\\bar'), '/foo/bar');
});

test('basic path scope: / grants all, /foo grants /foo/bar but never /foobar, .. never escapes', () => {
  assert.ok(isPathWithin('/', '/anything/at/all'));
  assert.ok(isPathWithin('/foo', '/foo'));
  assert.ok(isPathWithin('/foo/', '/foo/bar'));
  assert.ok(!isPathWithin('/foo', '/foobar'));
  assert.ok(!isPathWithin('/foo', '/foo/../bar'));
  assert.ok(!isPathWithin('/foo', '/foo/../../foo2'));
  assert.is(
    status(() => requirePathAccess(key({ mount: true }, '/foo'), '/foo/x/')),
    null,
  );
  assert.is(requirePathAccess(key({ mount: true }, '/foo'), '/foo/x/'), '/foo/x');
  assert.is(
    status(() => requirePathAccess(key({ mount: true }, '/foo'), '/foobar')),
    403,
  );
  assert.is(
    status(() => requirePathAccess(key({ mount: true }, '/foo'), '/foo/../../etc')),
    403,
  );
  assert.is(
    status(() => requirePathAccess(admin, '/anything')),
    null,
  );
});

test('ownership: admin owns everything, a key its own records', () => {
  assert.ok(ownsRecord(admin, 'apikey:other'));
  assert.ok(ownsRecord(key({}), 'apikey:k1'));
  assert.ok(ownsRecord(key({}), 'k1'));
  assert.ok(!ownsRecord(key({}), 'apikey:k2'));
  assert.ok(!ownsRecord({ kind: 'anonymous' }, 'apikey:k1'));
  assert.is(ownerFilter(admin), null);
  assert.equal(ownerFilter(key({})), ['apikey:k1', 'k1']);
});

test.run();
