import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { destinationPath, hrefOf, isMetadataName, virtualPath } from './paths.ts';

test('request paths decode once to NFC virtual paths', () => {
  assert.is(virtualPath('/dav'), '/');
  assert.is(virtualPath('/dav/'), '/');
  assert.is(virtualPath('/dav/m/a%20b/'), '/m/a b');
  assert.is(virtualPath('/dav/m/e%CC%81'), '/m/\u00e9');
});

test('dot segments, encoded or not, slashes and control characters are refused', () => {
  for (const bad of [
    '/dav/m/../x',
    '/dav/m/%2e%2e/x',
    '/dav/m/%2E%2E',
    '/dav/m/./x',
    '/dav/m//x',
    '/dav/m/a%2Fb',
    '/dav/m/a%5Cb',
    '/dav/m/%00',
    '/dav/m/%zz',
  ])
    assert.throws(() => virtualPath(bad), /not (allowed|valid)|fragment/, bad);
});

test('hrefs encode each segment; collections end with a slash', () => {
  assert.is(hrefOf('/', true), '/dav/');
  assert.is(hrefOf('/m/a b/c#d', false), '/dav/m/a%20b/c%23d');
  assert.is(hrefOf('/m/dir', true), '/dav/m/dir/');
});

test('Destination: a path under /dav, or a URL on one of our hosts; another host is 502', () => {
  assert.is(destinationPath('http://host:1/dav/m/x%20y', ['host:1']), '/m/x y');
  assert.is(destinationPath('http://host:80/dav/m/a', ['other', 'host']), '/m/a');
  assert.is(destinationPath('/dav/m/z/', ['host:1']), '/m/z');
  assert.throws(() => destinationPath('http://elsewhere:1/dav/m/x', ['host:1']), /another server/);
  assert.throws(() => destinationPath('//elsewhere/dav/m/x', ['host:1']), /another server/);
  assert.throws(() => destinationPath('/api/x', ['host:1']), /not on this WebDAV server/);
  assert.throws(() => destinationPath(undefined, ['host:1']), /missing/);
});

test('macOS metadata names', () => {
  for (const n of ['/m/._a.txt', '/m/d/.DS_Store', '/.Spotlight-V100', '/m/.Trashes'])
    assert.ok(isMetadataName(n), n);
  for (const n of ['/m/a._b', '/m/DS_Store', '/m/.env']) assert.not.ok(isMetadataName(n), n);
});

test.run();
