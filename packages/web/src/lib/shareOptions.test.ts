import { DEFAULT_SHARE_EXPIRY } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  DEFAULT_SHARE_OPTIONS,
  expiresInHours,
  shareOptionsBody,
  validateShareOptions,
} from './shareOptions.ts';

test('expiry units convert to hours; never is 0; bad amounts are null', () => {
  assert.is(expiresInHours('3', 'hours'), 3);
  assert.is(expiresInHours('2', 'days'), 48);
  assert.is(expiresInHours('1', 'weeks'), 168);
  assert.is(expiresInHours('1', 'months'), 720);
  assert.is(expiresInHours('0.5', 'hours'), 0.5);
  assert.is(expiresInHours('', 'never'), 0);
  assert.is(expiresInHours('0', 'days'), null);
  assert.is(expiresInHours('-1', 'days'), null);
  assert.is(expiresInHours('abc', 'days'), null);
});

test('section 5 rules: slug characters, length and reserved words; max views whole and not negative', () => {
  const check = (patch: Partial<typeof DEFAULT_SHARE_OPTIONS>) =>
    validateShareOptions({ ...DEFAULT_SHARE_OPTIONS, ...patch });
  assert.equal(check({}), {});
  assert.equal(check({ slug: 'my-note_1' }), {});
  assert.is(check({ slug: 'a b' }).slug, 'slug-chars');
  assert.is(check({ slug: 'x'.repeat(51) }).slug, 'slug-long');
  assert.is(check({ slug: 'Admin' }).slug, 'slug-reserved');
  assert.is(check({ maxViews: '-1' }).maxViews, 'max-views-negative');
  assert.is(check({ maxViews: '1.5' }).maxViews, 'max-views-whole');
  assert.is(check({ maxViews: '' }).maxViews, undefined, 'empty means unlimited');
  assert.is(check({ expiryAmount: '0', expiryUnit: 'days' }).expiry, 'expiry-amount');
  assert.is(check({ expiryAmount: '0', expiryUnit: 'never' }).expiry, undefined);
});

test('a new share starts from the expiry every client defaults to: never, sent as nothing (ADR 0065)', () => {
  assert.is(DEFAULT_SHARE_OPTIONS.expiryUnit, DEFAULT_SHARE_EXPIRY);
  assert.equal(shareOptionsBody(DEFAULT_SHARE_OPTIONS), {}, 'the API reads an absent expires_in as never');
});

test('the body carries only what was set', () => {
  assert.equal(shareOptionsBody({ ...DEFAULT_SHARE_OPTIONS, expiryUnit: 'never' }), {});
  assert.equal(
    shareOptionsBody({
      remark: ' note ',
      slug: 'abc',
      password: 'pw',
      expiryAmount: '2',
      expiryUnit: 'hours',
      maxViews: '3',
    }),
    { remark: 'note', slug: 'abc', password: 'pw', expires_in: 2, max_views: 3 },
  );
});

test.run();
