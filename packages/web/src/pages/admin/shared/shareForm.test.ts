import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { expiryHours, initialShareForm, shareUpdateBody, validateShareForm } from './shareForm.ts';

const record = { slug: 'abc123', remark: 'note', has_password: true, expires_at: null, max_views: 0 };

test('an untouched form changes nothing and is valid', () => {
  const state = initialShareForm(record);
  assert.equal(validateShareForm(state), {});
  assert.equal(shareUpdateBody(state, record), {});
});

test('slug rules of spec section 5', () => {
  const v = (slug: string) => validateShareForm({ ...initialShareForm(record), slug }).slug;
  assert.is(v(''), 'slug-empty');
  assert.is(v('a'.repeat(51)), 'slug-long');
  assert.is(v('a'.repeat(50)), undefined);
  assert.is(v('has space'), 'slug-chars');
  assert.is(v('中文'), 'slug-chars');
  assert.is(v('Admin'), 'slug-reserved');
  assert.is(v('my_link-2'), undefined);
});

test('max views: non-negative whole numbers only', () => {
  const v = (maxViews: string) => validateShareForm({ ...initialShareForm(record), maxViews }).maxViews;
  assert.is(v('-1'), 'max-views');
  assert.is(v('1.5'), 'max-views');
  assert.is(v(''), 'max-views');
  assert.is(v('0'), undefined);
  assert.is(v('12'), undefined);
});

test('password: set needs a value, clear sends null, keep sends nothing', () => {
  const base = initialShareForm(record);
  assert.is(validateShareForm({ ...base, password: 'set' }).password, 'password-empty');
  assert.equal(shareUpdateBody({ ...base, password: 'set', newPassword: 'pw' }, record), { password: 'pw' });
  assert.equal(shareUpdateBody({ ...base, password: 'clear' }, record), { password: null });
  assert.equal(shareUpdateBody({ ...base, password: 'clear' }, { ...record, has_password: false }), {});
});

test('expiry choices become hours from now', () => {
  const base = initialShareForm(record);
  assert.is(expiryHours(base), null);
  assert.is(expiryHours({ ...base, expiry: 'never' }), 0);
  assert.is(expiryHours({ ...base, expiry: '168' }), 168);
  assert.is(expiryHours({ ...base, expiry: 'custom', customAmount: '2', customUnit: 'weeks' }), 336);
  assert.is(expiryHours({ ...base, expiry: 'custom', customAmount: '3', customUnit: 'months' }), 3 * 720);
  assert.is(validateShareForm({ ...base, expiry: 'custom', customAmount: '0' }).expiry, 'expiry-amount');
  assert.equal(shareUpdateBody({ ...base, expiry: '24' }, record), { expires_in: 24 });
});

test('only changed fields are sent; a blank remark clears it', () => {
  const base = initialShareForm(record);
  assert.equal(shareUpdateBody({ ...base, slug: ' new-slug ', remark: '  ', maxViews: '5' }, record), {
    slug: 'new-slug',
    remark: null,
    max_views: 5,
  });
});

test.run();
