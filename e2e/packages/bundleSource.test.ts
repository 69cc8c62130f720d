// The launcher bundles (bin/lib/buildBundle.mjs) are ASCII, so Node hands V8 each chunk's source as a
// one-byte string: a single other character makes it UTF-16 and doubles the chunk's heap for good.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { escapeNonAscii } from '../../bin/lib/buildBundle.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const NON_ASCII = /[\u0080-\uffff]/;

test('an escaped chunk means what it meant: strings, regular expressions and comments', () => {
  const source =
    "// a comment — with a dash\nreturn ['—🦄é', /^[—🦄é]+$/u.test('🦄—é'), /^\\u2014$/.test('—')];";
  const escaped = escapeNonAscii(source);
  assert.not.match(escaped, NON_ASCII);
  assert.equal(new Function(escaped)(), ['—🦄é', true, true]);
  assert.equal(new Function(source)(), ['—🦄é', true, true]);
});

test('a character escaped already stays that character, and an escaped backslash before one stays', () => {
  const source = String.raw`return ['\é', /^\é$/.test('é'), '\\é', /^\\é$/.test('\\é')];`;
  const escaped = escapeNonAscii(source);
  assert.not.match(escaped, NON_ASCII);
  assert.equal(new Function(escaped)(), ['é', true, '\\é', true]);
  assert.equal(new Function(escaped)(), new Function(source)());
});

for (const dir of ['packages/server/.bundle', 'packages/cli/.bundle']) {
  test(`${dir}: every chunk is ASCII (built at npm ci)`, () => {
    const chunks = readdirSync(join(root, dir)).filter((name) => name.endsWith('.js'));
    assert.ok(chunks.length > 0, `${dir} has no chunks`);
    for (const name of chunks) {
      const text = readFileSync(join(root, dir, name), 'utf8');
      const at = text.search(NON_ASCII);
      assert.is(at, -1, `${dir}/${name} has ${JSON.stringify(text.slice(at, at + 2))} at ${at}`);
    }
  });
}

test.run();
