// Sealing secrets the server must use again: round trip, fresh IVs, and refusal of anything altered.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSecretBox, SealedSecretError } from './secretBox.ts';

const box = createSecretBox('server-secret-one');

test('a sealed value opens to the plain text, including non-ASCII and the empty string', () => {
  for (const plain of ['s3-secret-key', 'ключ 🔑', '']) assert.is(box.open(box.seal(plain)), plain);
});

test('sealing twice gives different values (fresh IV) that hide the plain text', () => {
  const [a, b] = [box.seal('same'), box.seal('same')];
  assert.is.not(a, b);
  assert.match(a, /^v1\.[\w-]+\.[\w-]+\.[\w-]*$/);
  assert.not.ok(a.includes('same'));
});

test('another server secret cannot open it', () => {
  const sealed = box.seal('s3-secret-key');
  assert.throws(
    () => createSecretBox('server-secret-two').open(sealed),
    (err: unknown) => err instanceof SealedSecretError,
  );
});

test('a tampered body, tag or IV, another version or a truncated value is refused', () => {
  const sealed = box.seal('s3-secret-key');
  const [version, iv, tag, body] = sealed.split('.');
  const flip = (part: string) => `${part[0] === 'A' ? 'B' : 'A'}${part.slice(1)}`;
  const altered = [
    [version, iv, tag, flip(body)],
    [version, iv, flip(tag), body],
    [version, flip(iv), tag, body],
    ['v2', iv, tag, body],
    [version, iv, tag],
    [version, '', tag, body],
  ].map((parts) => parts.join('.'));
  for (const value of [...altered, '', 'not-sealed'])
    assert.throws(
      () => box.open(value),
      (err: unknown) => err instanceof SealedSecretError,
      value,
    );
});

test.run();
