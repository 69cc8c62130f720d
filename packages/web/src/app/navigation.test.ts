import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminRouteRedirect, mountRouteRedirect } from './guards.ts';
import { pathFor } from './navigation.ts';

const none = { text: false, file: false, mount: false };

test('page keys map to their routes', () => {
  assert.is(pathFor('home'), '/');
  assert.is(pathFor('upload'), '/upload');
  assert.is(pathFor('admin'), '/admin');
  assert.is(pathFor('admin', { module: 'dashboard' }), '/admin');
  assert.is(pathFor('admin', { module: 'key-management' }), '/admin/key-management');
  assert.is(pathFor('paste-view', { slug: 'a b' }), '/paste/a%20b');
  assert.is(pathFor('file-view', { slug: 'f1' }), '/file/f1');
  assert.is(pathFor('mount-explorer'), '/mount-explorer');
  assert.is(pathFor('mount-explorer', { path: '/docs/q 1/' }), '/mount-explorer/docs/q%201');
  assert.is(
    pathFor('mount-explorer', { path: '/docs', previewFile: 'a.txt' }),
    '/mount-explorer/docs?preview=a.txt',
  );
});

test('admin guard: signed-out and admin proceed, a key without permissions goes home', () => {
  assert.is(adminRouteRedirect({ authType: 'none', permissions: none, basicPath: '/' }), null);
  assert.is(adminRouteRedirect({ authType: 'admin', permissions: none, basicPath: '/' }), null);
  assert.is(
    adminRouteRedirect({ authType: 'apikey', permissions: { ...none, file: true }, basicPath: '/' }),
    null,
  );
  assert.is(adminRouteRedirect({ authType: 'apikey', permissions: none, basicPath: '/' }), '/');
});

test('mount guard keeps a key inside its basic path', () => {
  const key = { authType: 'apikey' as const, permissions: { ...none, mount: true }, basicPath: '/team/' };
  assert.is(mountRouteRedirect(key, '/team/docs'), null);
  assert.is(mountRouteRedirect(key, '/team'), null);
  assert.is(mountRouteRedirect(key, '/teamwork'), '/mount-explorer/team');
  assert.is(mountRouteRedirect(key, '/other'), '/mount-explorer/team');
  assert.is(mountRouteRedirect(key, null), null);
  assert.is(mountRouteRedirect({ ...key, basicPath: '/' }, '/anything'), null);
  assert.is(mountRouteRedirect({ ...key, permissions: none }, '/other'), null);
  assert.is(mountRouteRedirect({ authType: 'admin', permissions: none, basicPath: '/' }, '/other'), null);
});

test.run();
