import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  customKeyProblem,
  httpUrlProblem,
  isMarkdownFilename,
  maxViewsProblem,
  slugProblem,
  uploadContentType,
} from './validation.ts';

test('slug rules of section 5', () => {
  assert.is(slugProblem('my-note_1'), null);
  assert.match(slugProblem('a'.repeat(51))!, /50/);
  assert.match(slugProblem('with space')!, /letters, digits/);
  assert.match(slugProblem('über')!, /letters, digits/);
  assert.match(slugProblem('ADMIN')!, /reserved/);
  assert.match(slugProblem('')!, /empty/);
});

test('custom keys, max views, URLs', () => {
  assert.is(customKeyProblem('abc_DEF-123-45678'), null);
  assert.is(customKeyProblem('abc_DEF-123-4567'), null, '16 characters');
  assert.is(customKeyProblem('abc_DEF-123-456'), 'custom key must be at least 16 characters');
  assert.is(customKeyProblem('k'.repeat(129)), 'custom key must be at most 128 characters');
  assert.ok(customKeyProblem('a.b'));
  assert.is(maxViewsProblem(0), null);
  assert.ok(maxViewsProblem(-1));
  assert.ok(maxViewsProblem(1.5));
  assert.is(httpUrlProblem('https://example.com/a'), null);
  assert.ok(httpUrlProblem('ftp://example.com'));
  assert.ok(httpUrlProblem('not a url'));
});

test('markdown detection by extension', () => {
  for (const n of ['a.md', 'B.MARKDOWN', 'x.mdown', 'x.mkd', 'x.mdwn', 'x.mdtxt', 'x.mdtext', 'x.Rmd'])
    assert.ok(isMarkdownFilename(n), n);
  assert.not.ok(isMarkdownFilename('md'));
  assert.not.ok(isMarkdownFilename('a.txt'));
  assert.is(uploadContentType('notes.md', 'text/plain'), 'text/markdown');
  assert.is(uploadContentType('photo.jpg', 'image/jpeg'), 'image/jpeg');
  assert.is(uploadContentType('blob', ''), 'application/octet-stream');
});

test.run();
