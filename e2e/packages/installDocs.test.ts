// The install instructions work as written (issue 33 item 14): the SDK is not on the public registry,
// so no README tells a bare `npm install @clip/sdk`; every `npm pack` packs outside the checkout (no
// tarball left in the work tree); the Node.js floors the SDK README states are its package's and
// undici's own.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from './pack.ts';

const READMES = ['README.md', 'packages/sdk/README.md', 'packages/cli/README.md', 'docs/guide/sdk.md'];
const read = (path: string) => readFile(join(ROOT, path), 'utf8');
const json = async (path: string) => JSON.parse(await read(path)) as { engines?: { node?: string } };

test('no README installs @clip/sdk or @clip/cli from the public registry', async () => {
  for (const path of READMES) {
    const bare = (await read(path)).match(
      /npm (?:install|i)(?: --global| -g)? @clip\/(?:sdk|cli)(?![^\n`]*--registry)/g,
    );
    assert.equal(bare ?? [], [], path);
  }
});

test('every npm pack in the docs packs outside the checkout', async () => {
  let seen = 0;
  for (const path of READMES)
    for (const line of (await read(path)).split('\n').filter((l) => /npm pack\b/.test(l))) {
      seen++;
      assert.match(line, /--pack-destination/, `${path}: ${line}`);
    }
  assert.ok(seen >= 3, 'the READMEs show how to pack');
});

test('the Node.js floors the SDK README states are those of the SDK and of undici', async () => {
  const readme = await read('packages/sdk/README.md');
  const sdkFloor = (await json('packages/sdk/package.json')).engines?.node?.replace(/^>=/, '');
  const undiciFloor = (await json('node_modules/undici/package.json')).engines?.node
    ?.replace(/^>=/, '')
    .replace(/\.0$/, '');
  assert.ok(sdkFloor && undiciFloor);
  assert.match(readme, new RegExp(`main entry runs on \\*\\*Node\\.js ${sdkFloor}\\*\\*`));
  assert.match(
    readme,
    new RegExp(`@clip/sdk/node\`\\s+needs \\*\\*Node\\.js ${undiciFloor.replace('.', '\\.')}\\*\\*`),
  );
});

test.run();
