import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allowedAdminModules } from './adminModules.ts';

const none = { text: false, file: false, mount: false };

test('the admin opens every module, in the spec order', () => {
  assert.equal(allowedAdminModules('admin', none), [
    'dashboard',
    'text-management',
    'file-management',
    'path-share-management',
    'storage-config',
    'mount-management',
    'upload-requests',
    'key-management',
    'settings',
  ]);
});

test('a key opens the management of what it may create, the mounts (read-only), its path shares and upload requests', () => {
  assert.equal(allowedAdminModules('apikey', { ...none, text: true }), ['text-management']);
  assert.equal(allowedAdminModules('apikey', { text: true, file: true, mount: true }), [
    'text-management',
    'file-management',
    'path-share-management',
    'mount-management',
    'upload-requests',
  ]);
  assert.equal(allowedAdminModules('apikey', { ...none, mount: true }), [
    'path-share-management',
    'mount-management',
    'upload-requests',
  ]);
  assert.equal(allowedAdminModules('none', { text: true, file: true, mount: true }), []);
});

test.run();
