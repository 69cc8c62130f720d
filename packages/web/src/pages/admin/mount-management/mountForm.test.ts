import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mountBody, mountPathProblem, newMountForm, validateMountForm } from './mountForm.ts';

test('a mount path starts with /, has no trailing /, no empty or dot segments, no control characters', () => {
  assert.is(mountPathProblem('/photos'), null);
  assert.is(mountPathProblem('/team/docs'), null);
  assert.is(mountPathProblem(''), 'required');
  assert.is(mountPathProblem('/'), 'path-start');
  assert.is(mountPathProblem('photos'), 'path-start');
  assert.is(mountPathProblem('/photos/'), 'path-trailing');
  assert.is(mountPathProblem('/a//b'), 'path-segment');
  assert.is(mountPathProblem('/a/../b'), 'path-segment');
  assert.is(mountPathProblem('/a/./b'), 'path-segment');
  assert.is(mountPathProblem('/a\\b'), 'path-chars');
  assert.is(mountPathProblem('/a\u0001b'), 'path-chars');
  assert.is(mountPathProblem(`/${'x'.repeat(100)}`), 'path-long');
});

test('reserved first segments and paths of other mounts are refused', () => {
  assert.is(mountPathProblem('/api'), 'path-reserved');
  assert.is(mountPathProblem('/DAV/x'), 'path-reserved');
  assert.is(mountPathProblem('/apis'), null);
  assert.is(mountPathProblem('/s3', ['/s3']), 'path-taken');
});

test('name 2-50 characters, storage config required, sort order and cache TTL non-negative integers', () => {
  const ok = { ...newMountForm('7'), name: 'Photos', mountPath: '/photos' };
  assert.equal(validateMountForm(ok), {});
  assert.equal(validateMountForm({ ...ok, name: ' ' }), { name: 'required' });
  assert.equal(validateMountForm({ ...ok, name: 'x' }), { name: 'name-length' });
  assert.equal(validateMountForm({ ...ok, name: 'x'.repeat(51) }), { name: 'name-length' });
  assert.equal(validateMountForm({ ...ok, storageConfigId: '' }), { storageConfigId: 'required' });
  assert.equal(validateMountForm({ ...ok, sortOrder: '-1', cacheTtl: '1.5' }), {
    sortOrder: 'non-negative-integer',
    cacheTtl: 'non-negative-integer',
  });
  assert.equal(validateMountForm({ ...ok, cacheTtl: '0' }), {});
});

test('the body carries numbers and trimmed text; cache TTL defaults to 300', () => {
  const state = { ...newMountForm('7', 'local'), name: ' Photos ', mountPath: '/photos', remark: ' r ' };
  assert.equal(mountBody(state), {
    name: 'Photos',
    mount_path: '/photos',
    storage_type: 'local',
    storage_config_id: '7',
    root_prefix: '',
    remark: 'r',
    sort_order: 0,
    cache_ttl: 300,
    web_proxy: true,
    is_active: true,
  });
});

test('the folder inside the storage is sent without slashes around it', () => {
  const state = {
    ...newMountForm('7', 'local'),
    name: 'Docs',
    mountPath: '/docs',
    rootPrefix: ' /team/docs/ ',
  };
  assert.is(mountBody(state).root_prefix, 'team/docs');
});

test.run();
