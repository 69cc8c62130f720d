import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { insertBlock, linkEdit, prefixLines, type TextEdit, wrapSelection } from './markdownActions.ts';

const apply = (text: string, e: TextEdit) => text.slice(0, e.from) + e.insert + text.slice(e.to);

test('bold wraps the selection and selects the inner text; again unwraps it', () => {
  const text = 'say hello now';
  const bold = wrapSelection(text, 4, 9, '**', '**', 'bold');
  const once = apply(text, bold);
  assert.is(once, 'say **hello** now');
  assert.is(once.slice(bold.anchor, bold.head), 'hello');
  const twice = apply(once, wrapSelection(once, bold.anchor, bold.head, '**', '**', 'bold'));
  assert.is(twice, text);
});

test('with nothing selected the placeholder is inserted and selected', () => {
  const e = wrapSelection('ab', 1, 1, '_', '_', 'italic');
  assert.is(apply('ab', e), 'a_italic_b');
  assert.is(apply('ab', e).slice(e.anchor, e.head), 'italic');
});

test('list prefixes apply to every touched line and toggle off', () => {
  const text = 'one\ntwo\nthree';
  const numbered = prefixLines(text, 1, 6, (i) => `${i + 1}. `);
  assert.is(apply(text, numbered), '1. one\n2. two\nthree');
  const quoted = apply(
    text,
    prefixLines(text, 9, 9, () => '> '),
  );
  assert.is(quoted, 'one\ntwo\n> three');
  assert.is(
    apply(
      quoted,
      prefixLines(quoted, 10, 10, () => '> '),
    ),
    text,
  );
});

test('blocks go on lines of their own', () => {
  const e = insertBlock('abc', 1, 1, '```\ncode\n```', 4, 4);
  const out = apply('abc', e);
  assert.is(out, 'a\n```\ncode\n```\nbc');
  assert.is(out.slice(e.anchor, e.head), 'code');
});

test('a link keeps the selection as label and selects the URL', () => {
  const e = linkEdit('see docs', 4, 8, 'text');
  const out = apply('see docs', e);
  assert.is(out, 'see [docs](https://)');
  assert.is(out.slice(e.anchor, e.head), 'https://');
});

test.run();
