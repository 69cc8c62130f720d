// @clip-databases sqlite postgres
/**
 * API-key lookups made in one turn (one statement on Postgres, ADR 0025) each answer their own key,
 * and nothing is remembered between calls: a deleted key fails on the very next request.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import type { ApiKeyService } from './apiKeyService.ts';

let server: TestServer;
let keys: ApiKeyService;
test.before(async () => {
  server = await startTestServer();
  keys = server.app.services.apiKeys;
});
test.after(async () => server?.close());

test('lookups in one turn: each key its own actor, an unknown key none; a deleted key fails at once', async () => {
  const text = await keys.create({ name: 'text', text_permission: true });
  const files = await keys.create({ name: 'files', file_permission: true, basic_path: '/docs' });
  const actors = await Promise.all(
    [text.key, files.key, 'clip_unknown', text.key].map((key) => keys.actorForKey(key)),
  );
  const summary = actors.map((a) =>
    a?.kind === 'apikey' ? [a.id, a.permissions.text, a.permissions.file, a.basicPath] : null,
  );
  assert.equal(summary, [
    [text.id, true, false, '/'],
    [files.id, false, true, '/docs'],
    null,
    [text.id, true, false, '/'],
  ]);
  await keys.remove(files.id);
  assert.equal(
    (await Promise.all([keys.actorForKey(files.key), keys.actorForKey(text.key)])).map(
      (a) => a?.kind ?? null,
    ),
    [null, 'apikey'],
  );
});

test.run();
