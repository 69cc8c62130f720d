import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { childElements, dav, davText, davXml, escapeText, parseXml, propertyName } from './xml.ts';

test('text is escaped and characters XML cannot carry are replaced', () => {
  assert.is(escapeText('a & <b> "c"'), 'a &amp; &lt;b&gt; "c"');
  assert.is(escapeText('x\u0001y'), 'x\ufffdy');
});

test('written answers parse back with the same names, namespaces and text', () => {
  const xml = davXml(
    'multistatus',
    dav(
      'response',
      davText('href', '/dav/a & b/<c>'),
      dav('prop', propertyName('', 'bare'), propertyName('urn:x"y', 'p')),
    ),
  );
  const doc = parseXml(xml);
  const root = doc?.documentElement;
  assert.is(root?.namespaceURI, 'DAV:');
  const response = childElements(root as never)[0];
  const [href, prop] = childElements(response);
  assert.is(href.textContent, '/dav/a & b/<c>');
  const [bare, p] = childElements(prop);
  assert.equal([bare.namespaceURI, bare.localName], [null, 'bare']);
  assert.equal([p.namespaceURI, p.localName], ['urn:x"y', 'p']);
});

test('malformed bodies and undeclared prefixes are refused; an empty body is none', () => {
  assert.is(parseXml('  '), null);
  for (const bad of ['<D:propfind xmlns:D="DAV:">', '<x:a/>', '<a></b>'])
    assert.throws(() => parseXml(bad), /malformed/, bad);
});

test.run();
