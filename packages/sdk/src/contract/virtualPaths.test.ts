// The one path normalisation (server scope checks, web key form, CLI): the scope helpers refuse exactly
// what the server refuses, never repair it into another path.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isAtOrBelow, isPathWithin, normalizeScopePath, parseVirtualPath } from './virtualPaths.ts';

test('a typed scope path: leading slash optional, trailing slash dropped, NFC', () => {
  assert.is(normalizeScopePath(''), '/');
  assert.is(normalizeScopePath('/'), '/');
  assert.is(normalizeScopePath('team/docs/'), '/team/docs');
  assert.is(normalizeScopePath('/a b/'), '/a b');
  assert.is(normalizeScopePath('/cafe\u0301'), '/caf\u00e9');
  // Typed text is not percent-decoded: `%41` is the literal name.
  assert.is(normalizeScopePath('/a%41'), '/a%41');
});

test('a scope path that climbs, doubles a slash or holds \\, NUL or control characters is refused, never repaired', () => {
  for (const bad of [
    '/../x',
    '/a/../b',
    '/a/./b',
    'a//b',
    '/a\\b',
    '\\a',
    '/a\0b',
    '/a\nb',
    `/${'x'.repeat(1100)}`,
  ])
    assert.is(normalizeScopePath(bad), null, JSON.stringify(bad));
  // And exactly what the server's parse refuses (the same function underneath).
  for (const raw of ['/a/../b', '/a\\b', '/x/', '/a/b']) {
    const parsed = parseVirtualPath(raw, { decode: false });
    assert.is(normalizeScopePath(raw), parsed.ok ? parsed.path : null, raw);
  }
});

test('URL input is decoded once: %2e%2e, %5c and %00 are refused after decoding', () => {
  for (const bad of ['/%2e%2e/x', '/foo/%2E%2E', '/a%5cb', '/a%00b', '/bad%zz'])
    assert.not.ok(parseVirtualPath(bad).ok, bad);
  const once = parseVirtualPath('/a%252e%252e');
  assert.ok(once.ok && once.path === '/a%2e%2e', 'decoded exactly once');
});

test('/foo grants /foo and below, never /foobar; / grants everything; a refused path is within nothing', () => {
  assert.ok(isAtOrBelow('/foo', '/foo') && isAtOrBelow('/foo', '/foo/bar') && isAtOrBelow('/', '/x'));
  assert.not.ok(isAtOrBelow('/foo', '/foobar'));
  assert.ok(isPathWithin('/foo/', 'foo/bar'));
  assert.not.ok(isPathWithin('/foo', '/foobar'));
  assert.not.ok(isPathWithin('/foo', '/foo/../bar'), 'not collapsed into /bar, nor into /foo');
  assert.not.ok(isPathWithin('/foo', '/foo/..'));
  assert.not.ok(isPathWithin('/', '/a\\..\\b'));
});

test.run();
