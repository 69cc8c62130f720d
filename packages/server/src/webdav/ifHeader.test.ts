import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evaluateIf, parseIfHeader, submittedTokens } from './ifHeader.ts';
import { DavStatus } from './paths.ts';

test('untagged and tagged lists, Not, tokens and etags parse', () => {
  assert.equal(parseIfHeader('(<opaquelocktoken:a> ["e1"]) (Not <DAV:no-lock>)'), [
    {
      resource: null,
      conditions: [
        { not: false, kind: 'token', value: 'opaquelocktoken:a' },
        { not: false, kind: 'etag', value: '"e1"' },
      ],
    },
    { resource: null, conditions: [{ not: true, kind: 'token', value: 'DAV:no-lock' }] },
  ]);
  const tagged = parseIfHeader('<http://h/dav/a> (<opaquelocktoken:b>)');
  assert.is(tagged[0].resource, 'http://h/dav/a');
  assert.equal([...submittedTokens(tagged)], ['opaquelocktoken:b']);
});

test('malformed headers are a 400', () => {
  for (const bad of ['', '(', '(<a>', 'junk', '()', '(["x")'])
    assert.throws(
      () => parseIfHeader(bad),
      (e: unknown) => e instanceof DavStatus && e.status === 400,
      bad,
    );
});

test('a list holds when all its conditions hold; the header when any list does', async () => {
  const state = async () => ({ etag: '"abc"', lockTokens: new Set(['t1']) });
  assert.ok(await evaluateIf(parseIfHeader('(<t1>)'), state));
  assert.ok(await evaluateIf(parseIfHeader('(<t1> ["abc"])'), state));
  assert.not.ok(await evaluateIf(parseIfHeader('(<t1> ["zzz"])'), state));
  assert.not.ok(await evaluateIf(parseIfHeader('(<t2>)'), state));
  assert.ok(await evaluateIf(parseIfHeader('(<t2>) (Not <DAV:no-lock> ["abc"])'), state));
  assert.not.ok(await evaluateIf(parseIfHeader('(<DAV:no-lock>)'), state));
  assert.ok(await evaluateIf(parseIfHeader('(Not <DAV:no-lock>)'), state));
});

test.run();
