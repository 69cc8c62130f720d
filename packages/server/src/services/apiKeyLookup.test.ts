// @clip-databases sqlite postgres
/**
 * API-key lookups made in one turn (one statement on Postgres, ADR 0025) each answer their own key and
 * their own caller's guessing budget, and nothing is remembered between calls: a deleted key fails on the
 * very next request.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import type { ApiKeyService } from './apiKeyService.ts';
import type { CountRow } from './rateLimitStore.ts';

let server: TestServer;
let keys: ApiKeyService;
test.before(async () => {
  server = await startTestServer({ loginMaxFailures: 3, loginWindowMs: 60_000 });
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

test('lookups in one turn read each caller budget with its key, in order', async () => {
  const { key } = await keys.create({ name: 'budgets', text_permission: true });
  // This client (the loopback address) spends 2 of its 3 guesses; no other client has any row.
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${server.url}/api/test/api-key`, {
      headers: { authorization: `ApiKey clip_wrong-guess-${i}` },
    });
    assert.is(res.status, 401);
  }
  const read: Record<string, CountRow | null> = {};
  const gate = (client: string, label: string) => ({
    row: `auth:${client}`,
    refuseWhileSpent: (row: CountRow | null) => {
      read[label] = row;
    },
  });
  const actors = await Promise.all([
    keys.actorForKey(key, gate('127.0.0.1', 'guesser, right key')),
    keys.actorForKey(key, gate('192.0.2.7', 'newcomer, right key')),
    keys.actorForKey('clip_unknown', gate('127.0.0.1', 'guesser, wrong key')),
    keys.actorForKey('clip_unknown', gate('192.0.2.8', 'newcomer, wrong key')),
    keys.actorForKey(key),
  ]);
  assert.equal(
    actors.map((a) => a?.kind ?? null),
    ['apikey', 'apikey', null, null, 'apikey'],
  );
  const failures = Object.fromEntries(
    Object.entries(read).map(([label, row]) => [label, row === null ? null : Number(row.failures)]),
  );
  assert.equal(failures, {
    'guesser, right key': 2,
    'newcomer, right key': null,
    'guesser, wrong key': 2,
    'newcomer, wrong key': null,
  });
});

test('a spent budget refuses the right key from the lookup that read it', async () => {
  const { key } = await keys.create({ name: 'refused', text_permission: true });
  const spent = (row: CountRow | null) => {
    if (row && Number(row.failures) >= 2) throw new Error('spent');
  };
  const refused = await keys.actorForKey(key, { row: 'auth:127.0.0.1', refuseWhileSpent: spent }).then(
    () => 'answered',
    (err: Error) => err.message,
  );
  assert.is(refused, 'spent');
  assert.is(
    (await keys.actorForKey(key, { row: 'auth:192.0.2.9', refuseWhileSpent: spent }))?.kind,
    'apikey',
  );
});

test.run();
