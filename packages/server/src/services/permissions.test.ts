import { isAtOrBelow, parseVirtualPath } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Actor } from './actor.ts';
import {
  canNavigate,
  canReadWrite,
  ownerFilter,
  ownsRecord,
  requirePathAccess,
  requirePolicy,
  requireReadWrite,
  shareFolderFor,
} from './permissions.ts';

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

test('virtual paths: decoded once, NFC, trailing slash dropped; odd segments and characters refused', () => {
  const ok = (raw: string, decode = true) => {
    const r = parseVirtualPath(raw, { decode });
    return r.ok ? r.path : null;
  };
  assert.is(ok('/'), '/');
  assert.is(ok('/foo/'), '/foo');
  assert.is(ok('/a%20b/c'), '/a b/c');
  assert.is(ok('/a%2520b'), '/a%20b', 'decoded exactly once');
  assert.is(ok('/a%20b', false), '/a%20b', 'an already decoded value is not decoded again');
  assert.is(ok('/cafe\u0301'), '/caf\u00e9');
  for (const bad of [
    '',
    'foo',
    '//',
    '/foo//bar',
    '/foo/./bar',
    '/foo/../bar',
    '/..',
    '/%2e%2e/x',
    '/foo/%2E%2E',
    '/a\\b',
    '/a%5cb',
    '/a\0b',
    '/a%00b',
    '/a\nb',
    '/a\u0085b',
    '/bad%zzescape',
    `/${'x'.repeat(1100)}`,
  ])
    assert.is(ok(bad), null, JSON.stringify(bad));
});

test('basic path scope: / grants all, /foo grants /foo/bar but never /foobar', () => {
  assert.ok(isAtOrBelow('/', '/anything/at/all'));
  assert.ok(isAtOrBelow('/foo', '/foo'));
  assert.ok(isAtOrBelow('/foo', '/foo/bar'));
  assert.ok(!isAtOrBelow('/foo', '/foobar'));
  assert.ok(!isAtOrBelow('/foo', '/'));
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
    400,
  );
  assert.is(
    status(() => requirePathAccess(admin, '/anything')),
    null,
  );
});

test('navigation: a key sees /, the branch down to its basic path, and everything below; never a sibling', () => {
  const k = key({ mount: true }, '/team/a');
  for (const p of ['/', '/team', '/team/a', '/team/a/deep/er']) assert.ok(canNavigate(k, p), p);
  for (const p of ['/other', '/team/b', '/team/ab', '/teams']) assert.not.ok(canNavigate(k, p), p);
  for (const p of ['/team/a', '/team/a/x']) assert.ok(canReadWrite(k, p), p);
  for (const p of ['/', '/team', '/team/ab', '/team/b']) assert.not.ok(canReadWrite(k, p), p);
  // Without mount permission a key has no file system at all; the admin has all of it.
  assert.not.ok(canNavigate(key({ file: true }, '/'), '/'));
  assert.not.ok(canReadWrite(key({ file: true }, '/'), '/x'));
  assert.ok(canReadWrite(admin, '/x') && canNavigate(admin, '/x'));
  assert.ok(canReadWrite(key({ mount: true }, '/'), '/any/where'));
  assert.is(
    status(() => requireReadWrite(k, '/team/a/../b')),
    400,
  );
  assert.is(
    status(() => requireReadWrite(k, '/team/b')),
    403,
  );
  assert.is(
    status(() => requireReadWrite({ kind: 'anonymous' }, '/x')),
    401,
  );
  assert.is(requireReadWrite(k, '/team/a/x/'), '/team/a/x');
});

test('share folders: a key defaults to its basic path and stays below it', () => {
  const k = key({ file: true }, '/foo');
  assert.is(shareFolderFor(k, undefined), '/foo');
  assert.is(shareFolderFor(k, ''), '/foo');
  assert.is(shareFolderFor(k, 'foo/x/'), '/foo/x');
  assert.is(shareFolderFor(admin, null), '/');
  assert.is(shareFolderFor(admin, 'bar'), '/bar');
  for (const p of ['/', '/bar', '/foobar'])
    assert.is(
      status(() => shareFolderFor(k, p)),
      403,
      p,
    );
  for (const p of ['/foo/../bar', '%2e%2e/x', '/foo\\x'])
    assert.is(
      status(() => shareFolderFor(k, p)),
      400,
      p,
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
