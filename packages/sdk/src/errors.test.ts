import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_MESSAGES, endsSession, errorFromResponse } from './errors.ts';

test('401 messages follow section 8 by call kind and auth type', () => {
  const e = (
    kind: Parameters<typeof errorFromResponse>[3],
    auth: 'none' | 'admin' | 'apikey',
    message?: string,
  ) => errorFromResponse(401, message ? { message } : null, 'Unauthorized', kind, auth);
  assert.is(e('share-password', 'none').message, 'wrong password');
  assert.is(e('share-password', 'none', 'nope').message, 'nope');
  assert.is(e('change-password', 'admin').message, 'verification failed');
  assert.is(e('default', 'admin', 'token expired').message, DEFAULT_MESSAGES.adminSessionExpired);
  assert.is(e('default', 'apikey', 'whatever').message, DEFAULT_MESSAGES.apiKeyInvalid);
  assert.is(
    e('file', 'apikey', 'no access to this storage config').message,
    'no access to this storage config',
  );
  assert.is(e('file', 'apikey', 'disk on fire').message, DEFAULT_MESSAGES.apiKeyInvalid);
  assert.is(e('default', 'none').message, DEFAULT_MESSAGES.unauthorized);
});

test('which 401s end the session', () => {
  const err = (auth: 'admin' | 'apikey', kind: 'default' | 'file' | 'share-password', msg?: string) => {
    const e = errorFromResponse(401, msg ? { message: msg } : null, '', kind, auth);
    return endsSession(e, kind, auth);
  };
  assert.ok(err('admin', 'default'));
  assert.ok(err('apikey', 'default'));
  assert.not.ok(err('apikey', 'file', 'unauthorized for this path'));
  assert.not.ok(err('admin', 'share-password'));
});

test('409 and other statuses', () => {
  assert.is(errorFromResponse(409, null, 'Conflict', 'default', 'none').message, DEFAULT_MESSAGES.slugTaken);
  assert.is(errorFromResponse(409, { message: 'custom' }, '', 'default', 'none').message, 'custom');
  const e = errorFromResponse(503, null, 'Service Unavailable', 'default', 'none');
  assert.is(e.message, 'HTTP error 503: Service Unavailable');
  assert.is(e.code, 'INTERNAL');
  assert.is(errorFromResponse(410, { error: 'GONE', message: 'gone' }, '', 'default', 'none').code, 'GONE');
});

test.run();
