import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { browserLanguage, pickLanguage } from './language.ts';

test('a saved language wins over the browser', () => {
  assert.is(pickLanguage('en', ['zh-CN']), 'en');
  assert.is(pickLanguage('zh', ['en-US']), 'zh');
});

test('without a valid saved language the browser decides: zh* is Chinese, anything else English', () => {
  assert.is(pickLanguage(null, ['zh-TW', 'en']), 'zh');
  assert.is(pickLanguage('fr', ['ZH']), 'zh');
  assert.is(pickLanguage(null, ['de-DE', 'zh-CN']), 'en');
  assert.is(browserLanguage([]), 'en');
  assert.is(browserLanguage(undefined), 'en');
});

test.run();
