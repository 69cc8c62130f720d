// The one path normalisation (server scope checks, web key form, CLI), in its two modes: request paths
// refused when odd, scope paths put in canonical form; both under the same character and length rules.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isAtOrBelow, isPathWithin, normalizeScopePath, parseVirtualPath } from './virtualPaths.ts';

const strict = (raw: string, decode = true) => {
  const r = parseVirtualPath(raw, { decode });
  return r.ok ? r.path : null;
};

test('a request path: decoded once, NFC, trailing slash dropped; odd segments and characters refused', () => {
  assert.is(strict('/'), '/');
  assert.is(strict('/foo/'), '/foo');
  assert.is(strict('/a%252e%252e'), '/a%2e%2e', 'decoded exactly once');
  assert.is(strict('/a%20b', false), '/a%20b');
  for (const bad of [
    'foo',
    '/a//b',
    '/a/./b',
    '/a/../b',
    '/%2e%2e/x',
    '/foo/%2E%2E',
    '/a\\b',
    '/a%5cb',
    '/a%00b',
    '/bad%zz',
  ])
    assert.is(strict(bad), null, bad);
});

test('a scope path: leading slash optional, \\ as /, dot segments resolved, never above the root', () => {
  assert.is(normalizeScopePath(''), '/');
  assert.is(normalizeScopePath('team/docs/'), '/team/docs');
  assert.is(normalizeScopePath('/m1/./sub'), '/m1/sub');
  assert.is(normalizeScopePath('/m1/x/../sub'), '/m1/sub');
  assert.is(normalizeScopePath('a//b'), '/a/b');
  assert.is(normalizeScopePath('\\a\\b'), '/a/b');
  // Typed text is not percent-decoded: `%2e%2e` is a literal name here, not a step up.
  assert.is(normalizeScopePath('/a/%2e%2e'), '/a/%2e%2e');
  for (const bad of ['/..', '/../x', 'a/../../b']) assert.is(normalizeScopePath(bad), null, bad);
});

test('both modes share the character and length rules: NUL, control characters, NFC, 1024 characters', () => {
  for (const bad of ['/a\0b', '/a\nb', '/a\u0085b', `/${'x'.repeat(1100)}`]) {
    assert.is(normalizeScopePath(bad), null, JSON.stringify(bad));
    assert.is(strict(bad, false), null, JSON.stringify(bad));
  }
  // A scope typed in decomposed form compares equal to the paths the server keeps (NFC).
  assert.is(normalizeScopePath('/cafe\u0301'), '/caf\u00e9');
  assert.is(strict('/cafe\u0301'), '/caf\u00e9');
  // Where the strict parse accepts a path, the scope form is the same path.
  for (const raw of ['/', '/a', '/a/b/', '/caf\u00e9', '/a b/c'])
    assert.is(normalizeScopePath(raw), strict(raw, false), raw);
});

test('/foo grants /foo and below, never /foobar; / grants everything', () => {
  assert.ok(isAtOrBelow('/foo', '/foo') && isAtOrBelow('/foo', '/foo/bar') && isAtOrBelow('/', '/x'));
  assert.not.ok(isAtOrBelow('/foo', '/foobar'));
  assert.not.ok(isAtOrBelow('/foo', '/'));
  assert.ok(isPathWithin('/foo/', 'foo/bar'));
  assert.not.ok(isPathWithin('/foo', '/foobar'));
  assert.not.ok(isPathWithin('/foo', '/foo/../bar'), 'resolved to /bar, which /foo does not hold');
  assert.not.ok(isPathWithin('/foo', '/foo/../../x'), 'above the root: within nothing');
  assert.not.ok(isPathWithin('/foo', '/foo/\0'));
});

test.run();
