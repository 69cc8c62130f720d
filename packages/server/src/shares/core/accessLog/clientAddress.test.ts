import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keptAddress } from './clientAddress.ts';

test('anonymized: IPv4 to its /24, IPv6 to its /48, mapped IPv4 as IPv4', () => {
  assert.is(keptAddress('203.0.113.200', 'anonymized'), '203.0.113.0');
  assert.is(keptAddress('::ffff:203.0.113.9', 'anonymized'), '203.0.113.0');
  assert.is(keptAddress('2001:0db8:0001:0002::1', 'anonymized'), '2001:db8:1::');
  assert.is(keptAddress('2001:db8::1', 'anonymized'), '2001:db8:0::');
  assert.is(keptAddress('::1', 'anonymized'), '0:0:0::');
  assert.is(keptAddress('fe80::1%eth0', 'anonymized'), 'fe80:0:0::');
  assert.is(keptAddress('not an address', 'anonymized'), null);
});

test('full keeps the address (mapped IPv4 unwrapped); off keeps nothing', () => {
  assert.is(keptAddress('2001:db8::1', 'full'), '2001:db8::1');
  assert.is(keptAddress('::ffff:10.1.2.3', 'full'), '10.1.2.3');
  assert.is(keptAddress('10.1.2.3', 'off'), null);
  assert.is(keptAddress('', 'full'), null);
});

test.run();
