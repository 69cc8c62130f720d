import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accountBody, emptyAccountForm, validateAccountForm } from './accountForm.ts';
import { accessLogDays, fromMegabytes, toMegabytes, uploadLimitProblem } from './units.ts';

test('upload limits convert between KB, MB and GB, stored in MB', () => {
  assert.is(toMegabytes(2, 'GB'), 2048);
  assert.is(toMegabytes(512, 'KB'), 0.5);
  assert.is(toMegabytes(100, 'MB'), 100);
  assert.equal(fromMegabytes(2048), { amount: 2, unit: 'GB' });
  assert.equal(fromMegabytes(0.5), { amount: 512, unit: 'KB' });
  assert.equal(fromMegabytes(1500), { amount: 1500, unit: 'MB' });
});

test('the upload limit must be a number greater than 0', () => {
  assert.is(uploadLimitProblem('0', 'MB'), 'not-positive');
  assert.is(uploadLimitProblem('-3', 'GB'), 'not-positive');
  assert.is(uploadLimitProblem('', 'MB'), 'not-number');
  assert.is(uploadLimitProblem('abc', 'MB'), 'not-number');
  assert.is(uploadLimitProblem('0.5', 'KB'), null);
  assert.is(uploadLimitProblem('20000', 'GB'), 'too-large');
});

test('account change: current password, something to change, a different new password', () => {
  const base = emptyAccountForm();
  assert.equal(validateAccountForm(base), { currentPassword: 'current-missing', form: 'nothing-to-change' });
  const same = {
    ...base,
    currentPassword: 'old-password',
    newPassword: 'old-password',
    confirmPassword: 'old-password',
  };
  assert.equal(validateAccountForm(same), { newPassword: 'password-same' });
  const short = { ...base, currentPassword: 'old-password', newPassword: 'short', confirmPassword: 'short' };
  assert.equal(validateAccountForm(short), { newPassword: 'password-short' });
  const mismatch = {
    ...base,
    currentPassword: 'x',
    newPassword: 'new-password',
    confirmPassword: 'new-passw0rd',
  };
  assert.equal(validateAccountForm(mismatch), { confirmPassword: 'confirm-mismatch' });
  const renameOnly = { ...base, currentPassword: 'x', newUsername: ' root ' };
  assert.equal(validateAccountForm(renameOnly), {});
  assert.equal(accountBody(renameOnly), { currentPassword: 'x', newUsername: 'root' });
  assert.is(validateAccountForm({ ...renameOnly, newUsername: 'two words' }).newUsername, 'username-spaces');
});

test('access log days: whole days from 0 (off) to 3650', () => {
  assert.is(accessLogDays('0'), 0);
  assert.is(accessLogDays(' 30 '), 30);
  assert.is(accessLogDays('3650'), 3650);
  for (const bad of ['3651', '-1', '1.5', '', 'x']) assert.is(accessLogDays(bad), null, bad);
});

test.run();
