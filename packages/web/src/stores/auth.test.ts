import { ClipClient, ClipError } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ADMIN_DISPLAY_NAME,
  AUTH_EVENTS,
  canOpenAdmin,
  createAuthStore,
  readStoredAuth,
  revalidationNeeded,
  SIGNED_OUT,
  writeStoredAuth,
} from './auth.ts';
import { memoryStorage } from './storage.ts';

// Port 9 (discard) refuses connections on loopback: every call fails as a network error.
const unreachable = () => new ClipClient({ baseUrl: 'http://127.0.0.1:9' });

function recordEvents() {
  const target = new EventTarget();
  const seen: string[] = [];
  for (const name of AUTH_EVENTS) target.addEventListener(name, () => seen.push(name));
  return { target, seen };
}

test('an admin token restores an admin session named Administrator', () => {
  const s = readStoredAuth(memoryStorage({ admin_token: 'tok', api_key: 'k' }));
  assert.is(s.authType, 'admin');
  assert.is(s.adminToken, 'tok');
  assert.is(s.name, ADMIN_DISPLAY_NAME);
});

test('an API key restores its permissions and info; broken JSON grants nothing', () => {
  const info = { id: 'k1', name: 'ci', basic_path: '/docs' };
  const s = readStoredAuth(
    memoryStorage({
      api_key: 'k',
      api_key_permissions: '{"text":true,"mount":1}',
      api_key_info: JSON.stringify(info),
    }),
  );
  assert.equal(s.permissions, { text: true, file: false, mount: true });
  assert.equal(s.keyInfo, info);
  assert.is(s.name, 'ci');
  const broken = readStoredAuth(memoryStorage({ api_key: 'k', api_key_permissions: '{oops' }));
  assert.equal(broken.permissions, { text: false, file: false, mount: false });
  assert.is(readStoredAuth(memoryStorage()).authType, 'none');
});

test('writing a snapshot keeps exactly one credential in storage', () => {
  const storage = memoryStorage({ admin_token: 'old' });
  writeStoredAuth(storage, {
    ...SIGNED_OUT,
    authType: 'apikey',
    apiKey: 'k',
    permissions: { text: true, file: false, mount: false },
    keyInfo: { id: '1', name: 'n', basic_path: '/' },
  });
  assert.is(storage.getItem('admin_token'), null);
  assert.is(storage.getItem('api_key'), 'k');
  assert.is(JSON.parse(storage.getItem('api_key_permissions') ?? '').text, true);
  writeStoredAuth(storage, SIGNED_OUT);
  for (const key of ['admin_token', 'api_key', 'api_key_permissions', 'api_key_info'])
    assert.is(storage.getItem(key), null);
});

test('revalidation is needed only for a session validated more than five minutes ago', () => {
  assert.is(revalidationNeeded('none', 0, 10_000_000), false);
  assert.is(revalidationNeeded('admin', 0, 10_000_000), true);
  assert.is(revalidationNeeded('apikey', 1_000_000, 1_000_000 + 300_000), false);
  assert.is(revalidationNeeded('apikey', 1_000_000, 1_000_000 + 300_001), true);
});

test('the admin panel opens for the admin and for keys with at least one permission', () => {
  assert.ok(canOpenAdmin({ authType: 'admin', permissions: { text: false, file: false, mount: false } }));
  assert.ok(canOpenAdmin({ authType: 'apikey', permissions: { text: false, file: false, mount: true } }));
  assert.not.ok(
    canOpenAdmin({ authType: 'apikey', permissions: { text: false, file: false, mount: false } }),
  );
  assert.not.ok(canOpenAdmin({ authType: 'none', permissions: { text: true, file: true, mount: true } }));
});

test('logout clears storage and raises the three events', () => {
  const storage = memoryStorage({ api_key: 'k', api_key_permissions: '{"text":true}' });
  const { target, seen } = recordEvents();
  const client = unreachable();
  let signedOut = 0;
  const auth = createAuthStore({ client, storage, events: target, onSignedOut: () => signedOut++ });
  assert.is(auth.isAuthenticated.value, true);
  assert.is(client.transport.auth.type, 'apikey');
  auth.logout();
  assert.is(signedOut, 1, 'logout clears the cached API answers');
  assert.is(auth.state.value.authType, 'none');
  assert.is(storage.getItem('api_key'), null);
  assert.is(client.transport.auth.type, 'none');
  assert.equal(seen, ['auth-state-changed', 'admin-token-expired', 'api-key-invalid']);
});

test('a failed key login restores the previous key and type, then logs out', async () => {
  const storage = memoryStorage({ api_key: 'previous', api_key_permissions: '{"file":true}' });
  const { target, seen } = recordEvents();
  const auth = createAuthStore({ client: unreachable(), storage, events: target });
  const err = await auth.loginApiKey('new-key').catch((e: unknown) => e);
  assert.ok(err instanceof ClipError);
  assert.is((err as ClipError).code, 'NETWORK_ERROR');
  assert.is(auth.state.value.authType, 'none');
  assert.is(storage.getItem('api_key'), null);
  assert.ok(seen.includes('api-key-invalid'));
});

test('a 401 that ends the session logs out; one for another credential type is ignored', () => {
  const storage = memoryStorage({ admin_token: 'tok' });
  let signedOut = 0;
  const auth = createAuthStore({
    client: unreachable(),
    storage,
    events: new EventTarget(),
    onSignedOut: () => signedOut++,
  });
  auth.handleSessionEnded(new ClipError(401, 'UNAUTHORIZED', 'x'), 'apikey');
  assert.is(auth.state.value.authType, 'admin');
  assert.is(signedOut, 0);
  auth.handleSessionEnded(new ClipError(401, 'UNAUTHORIZED', 'x'), 'admin');
  assert.is(auth.state.value.authType, 'none');
  assert.is(storage.getItem('admin_token'), null);
  assert.is(signedOut, 1, 'an ended session clears the cached answers too');
});

test('an unreachable server keeps the session during revalidation', async () => {
  const clock = 1_000_000;
  const auth = createAuthStore({
    client: unreachable(),
    storage: memoryStorage({ admin_token: 'tok' }),
    events: new EventTarget(),
    now: () => clock,
  });
  assert.ok(auth.needsRevalidation());
  assert.is(await auth.revalidate(), true);
  assert.is(auth.state.value.authType, 'admin');
});

test.run();
