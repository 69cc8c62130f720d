// @clip-databases sqlite postgres
// The browser's share rows over a live server say "1 view" and "1 byte", not "1 views" (issue 33, item 21).
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clientBackend } from './backend.ts';

let server: TestServer;

test.before(async () => {
  server = await startTestServer();
});
test.after(async () => {
  await server?.close();
});

test('share rows count views and bytes in the right number', async () => {
  const admin = await server.adminClient();
  await admin.pastes.create({ content: 'x', slug: 'seenonce' });
  await admin.pastes.create({ content: 'y', slug: 'seentwice' });
  await fetch(`${server.url}/api/raw/seenonce`);
  for (const _ of [1, 2]) await fetch(`${server.url}/api/raw/seentwice`);
  await admin.files.upload(new Blob(['1']), { slug: 'onebyte' }, { filename: 'one.txt' });
  const backend = clientBackend(admin, server.url);

  const texts = await backend.textShares();
  assert.match(texts.find((r) => r.slug === 'seenonce')?.detail ?? '', / {2}1 view$/);
  assert.match(texts.find((r) => r.slug === 'seentwice')?.detail ?? '', / {2}2 views$/);
  const files = await backend.fileShares();
  assert.match(files.find((r) => r.slug === 'onebyte')?.detail ?? '', / {2}1 byte$/);
});

test.run();
