import { isAtOrBelow, parseVirtualPath } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { normalizeVirtualPath } from '../fs/paths.ts';
import type { Actor } from './actor.ts';
import {
  fsAccessAt,
  ownerFilter,
  ownsRecord,
  requireFsReadWrite,
  requirePolicy,
  seesStorageConfigDetails,
  shareFolderFor,
  storageConfigUsableBy,
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
  // Paths are normalised first (fs/paths.ts), then checked against the scope.
  const readWrite = (actor: Actor, raw: string) => requireFsReadWrite(actor, normalizeVirtualPath(raw));
  assert.is(
    status(() => readWrite(key({ mount: true }, '/foo'), '/foo/x/')),
    null,
  );
  assert.is(normalizeVirtualPath('/foo/x/'), '/foo/x');
  assert.is(
    status(() => readWrite(key({ mount: true }, '/foo'), '/foobar')),
    403,
  );
  assert.is(
    status(() => readWrite(key({ mount: true }, '/foo'), '/foo/../../etc')),
    400,
  );
  assert.is(
    status(() => readWrite(admin, '/anything')),
    null,
  );
});

test('navigation: a key sees /, the branch down to its basic path, and everything below; never a sibling', () => {
  const k = key({ mount: true }, '/team/a');
  const readWrite = (actor: Actor, raw: string) => requireFsReadWrite(actor, normalizeVirtualPath(raw));
  for (const p of ['/', '/team', '/team/a', '/team/a/deep/er']) assert.is.not(fsAccessAt(k, p), 'none', p);
  for (const p of ['/other', '/team/b', '/team/ab', '/teams']) assert.is(fsAccessAt(k, p), 'none', p);
  for (const p of ['/team/a', '/team/a/x']) assert.is(fsAccessAt(k, p), 'full', p);
  for (const p of ['/', '/team', '/team/ab', '/team/b']) assert.is.not(fsAccessAt(k, p), 'full', p);
  // Without mount permission a key has no file system at all; the admin has all of it.
  assert.is(fsAccessAt(key({ file: true }, '/'), '/'), 'none');
  assert.is(fsAccessAt(key({ file: true }, '/'), '/x'), 'none');
  assert.is(fsAccessAt(admin, '/x'), 'full');
  assert.is(fsAccessAt(key({ mount: true }, '/'), '/any/where'), 'full');
  assert.is(
    status(() => readWrite(k, '/team/a/../b')),
    400,
  );
  assert.is(
    status(() => readWrite(k, '/team/b')),
    403,
  );
  assert.is(
    status(() => readWrite({ kind: 'anonymous' }, '/x')),
    401,
  );
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

test('storage configs: the admin uses every one and sees its details, a key only the public ones', () => {
  const k = key({ file: true });
  assert.ok(storageConfigUsableBy(admin, { is_public: false }));
  assert.ok(storageConfigUsableBy(k, { is_public: true }));
  assert.not.ok(storageConfigUsableBy(k, { is_public: 0 }));
  assert.not.ok(storageConfigUsableBy({ kind: 'anonymous' }, { is_public: false }));
  assert.ok(seesStorageConfigDetails(admin));
  assert.not.ok(seesStorageConfigDetails(k));
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
