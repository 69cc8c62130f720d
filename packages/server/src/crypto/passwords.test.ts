// Password hashes: scrypt with a per-value salt; only the same password (NFC-equal) verifies.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashPassword, PARAMS, verifyPassword } from './passwords.ts';

test('a hash records its parameters and a fresh salt, never the password', async () => {
  const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
  assert.match(a, new RegExp(`^scrypt\\$${PARAMS.N}\\$${PARAMS.r}\\$${PARAMS.p}\\$[\\w-]{22}\\$[\\w-]{43}$`));
  assert.is.not(a, b);
  assert.not.ok(a.includes('correct'));
});

test('only the same password verifies; the NFC form of a password is the password', async () => {
  const stored = await hashPassword('caf\u00e9');
  assert.ok(await verifyPassword('caf\u00e9', stored));
  assert.ok(await verifyPassword('cafe\u0301', stored));
  assert.not.ok(await verifyPassword('cafe', stored));
  assert.not.ok(await verifyPassword('', stored));
});

test('a stored value of another scheme or with missing parts never verifies', async () => {
  const stored = await hashPassword('pw');
  const parts = stored.split('$');
  for (const bad of [
    ['bcrypt', ...parts.slice(1)].join('$'),
    parts.slice(0, 5).join('$'),
    [...parts.slice(0, 5), ''].join('$'),
    '',
  ])
    assert.not.ok(await verifyPassword('pw', bad), bad);
  // A hash of another length is refused, not compared.
  assert.not.ok(await verifyPassword('pw', [...parts.slice(0, 5), parts[5].slice(0, 20)].join('$')));
});

test.run();
