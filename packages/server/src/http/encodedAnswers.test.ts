import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createEncodedAnswers } from './encodedAnswers.ts';

/** An encoding weighing `weight`: half its bytes, half the JSON it came from. */
const sent = (weight: number) => ({
  encoding: 'gzip' as const,
  body: Buffer.alloc(weight / 2),
  jsonBytes: weight / 2,
});

test('keeps what was sent for a frozen answer by accepted encoding, never for one that can change', () => {
  const answers = createEncodedAnswers(1000);
  const frozen = Object.freeze({ a: 1 });
  const open = { a: 1 };
  answers.set(frozen, 'gzip', sent(10));
  answers.set(open, 'gzip', sent(10));
  answers.set(null, 'gzip', sent(10));
  assert.is(answers.get(frozen, 'gzip')?.body.length, 5);
  assert.is(answers.get(frozen, 'br'), undefined);
  assert.is(answers.get(open, 'gzip'), undefined);
  assert.is(answers.get(null, 'gzip'), undefined);
  assert.is(answers.weight(), 10);
});

test('stays within its budget (bytes kept plus the JSON they stand for), dropping the answers least recently sent', () => {
  const answers = createEncodedAnswers(100);
  const [a, b, c] = [1, 2, 3].map((n) => Object.freeze({ n }));
  answers.set(a, 'gzip', sent(40));
  answers.set(b, 'gzip', sent(40));
  answers.get(a, 'gzip');
  answers.set(c, 'gzip', sent(40));
  assert.ok(answers.get(a, 'gzip'), 'sent most recently: kept');
  assert.is(answers.get(b, 'gzip'), undefined, 'the stalest went');
  assert.ok(answers.get(c, 'gzip'));
  assert.is(answers.weight(), 80);
  answers.set(a, 'gzip', sent(30));
  assert.is(answers.weight(), 70, 'a replaced encoding counts once');
  answers.set(b, 'br', sent(102));
  assert.is(answers.get(b, 'br'), undefined, 'larger than the budget: not kept');
});

test.run();
