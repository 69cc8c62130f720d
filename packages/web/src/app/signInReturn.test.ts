import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { safeNext, signInPath } from './signInReturn.ts';

test('sign-in links carry the page they came from', () => {
  assert.is(signInPath('/upload'), '/admin?next=%2Fupload');
  assert.is(signInPath('/paste/abc?x=1'), '/admin?next=%2Fpaste%2Fabc%3Fx%3D1');
  assert.is(signInPath('/admin'), '/admin');
});

test('only same-site paths are followed back', () => {
  assert.is(safeNext('/upload'), '/upload');
  for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'upload'])
    assert.is(safeNext(bad), null, String(bad));
});

test.run();
