import type { ApiKey } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createBody,
  editKeyForm,
  expiresAt,
  maskKey,
  newKeyForm,
  updateBody,
  validateKeyForm,
} from './keyForm.ts';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const key: ApiKey = {
  id: 'k1',
  name: 'ci',
  key: 'abcdefghijklmnop',
  expires_at: null,
  text_permission: true,
  file_permission: false,
  mount_permission: false,
  basic_path: '/',
  last_used: null,
  created_at: '2025-12-01T00:00:00Z',
};

test('name is required', () => {
  assert.is(validateKeyForm({ ...newKeyForm(), name: '  ' }, true).name, 'name-empty');
  assert.is(validateKeyForm({ ...newKeyForm(), name: 'x' }, true).name, undefined);
});

test('custom key: not empty when enabled, only letters, digits, underscore and hyphen', () => {
  const v = (customKey: string, useCustomKey = true) =>
    validateKeyForm({ ...newKeyForm(), name: 'n', useCustomKey, customKey }, true).customKey;
  assert.is(v(''), 'custom-key-empty');
  assert.is(v('has space here'), 'custom-key-chars');
  assert.is(v('bad!chars'), 'custom-key-chars');
  assert.is(v('short'), 'custom-key-short');
  assert.is(v('good_key-123456'), 'custom-key-short', '15 characters');
  assert.is(v('good_key-12345678'), undefined);
  assert.is(v('', false), undefined, 'ignored when the option is off');
});

test('expiry presets and custom days become ISO times; never is null; keep is absent', () => {
  assert.is(expiresAt({ expiry: '1', customDays: '' }, NOW), '2026-01-02T00:00:00.000Z');
  assert.is(expiresAt({ expiry: '30', customDays: '' }, NOW), '2026-01-31T00:00:00.000Z');
  assert.is(expiresAt({ expiry: 'never', customDays: '' }, NOW), null);
  assert.is(expiresAt({ expiry: 'custom', customDays: '2' }, NOW), '2026-01-03T00:00:00.000Z');
  assert.is(expiresAt({ expiry: 'keep', customDays: '' }, NOW), undefined);
  const bad = (customDays: string) =>
    validateKeyForm({ ...newKeyForm(), name: 'n', expiry: 'custom', customDays }, true).expiry;
  assert.is(bad('0'), 'days-invalid');
  assert.is(bad('abc'), 'days-invalid');
  assert.is(bad(''), 'days-invalid');
  assert.is(bad('7'), undefined);
});

test('basic path is normalised; climbing above the root is refused', () => {
  assert.is(
    validateKeyForm({ ...newKeyForm(), name: 'n', basicPath: '/../x' }, true).basicPath,
    'path-invalid',
  );
  const body = createBody({ ...newKeyForm(), name: ' team ', basicPath: 'team/docs/' }, NOW);
  assert.is(body.basic_path, '/team/docs');
  assert.is(body.name, 'team');
  assert.is(body.custom_key, undefined);
});

test('an edit sends only what changed', () => {
  assert.equal(updateBody(editKeyForm(key), key, NOW), {});
  assert.equal(updateBody({ ...editKeyForm(key), file: true, expiry: 'never', basicPath: '/a/' }, key, NOW), {
    file_permission: true,
    basic_path: '/a',
    expires_at: null,
  });
});

test('keys are masked in the table', () => {
  assert.is(maskKey('abcdefghijklmnop'), 'abcdef••••mnop');
  assert.is(maskKey('short'), '••••••••');
});

test.run();
