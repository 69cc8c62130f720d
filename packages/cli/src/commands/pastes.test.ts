// @clip-databases sqlite postgres
import type { PasteRecord } from '@clip/sdk';
import { offsetClock, startTestServer, TEST_ADMIN, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let box: Sandbox;
let alice: { CLIP_API_KEY: string };
let bob: { CLIP_API_KEY: string };
let adminEnv: { CLIP_TOKEN: string };
// Expiry is judged by the server's clock: the test moves it forward instead of waiting.
const clock = offsetClock();

test.before(async () => {
  server = await startTestServer({}, { clock });
  box = await createSandbox(server.url);
  alice = { CLIP_API_KEY: (await server.keyClient({ text: true })).key };
  bob = { CLIP_API_KEY: (await server.keyClient({ text: true })).key };
  adminEnv = {
    CLIP_TOKEN: (await server.client().auth.login(TEST_ADMIN.username, TEST_ADMIN.password)).token,
  };
});
test.after(async () => {
  await box?.dispose();
  await server?.close();
});

async function pasteAs(env: Record<string, string>, text: string, args: string[] = []): Promise<string> {
  const created = JSON.parse(succeeded(await box.run(['paste', '--json', ...args], { input: text, env })));
  return created.id;
}
async function listAs(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ items: PasteRecord[]; total: number }> {
  return JSON.parse(succeeded(await box.run(['pastes', 'ls', '--json', ...args], { env })));
}

test('pastes ls --json shows a key only its own shares; the admin sees all', async () => {
  const mine = [await pasteAs(alice, 'alice one'), await pasteAs(alice, 'alice two')];
  const theirs = await pasteAs(bob, 'bob one');

  const aliceList = await listAs(alice);
  assert.equal(aliceList.items.map((p) => p.id).sort(), [...mine].sort());
  assert.is(aliceList.total, 2);
  assert.equal(
    (await listAs(bob)).items.map((p) => p.id),
    [theirs],
  );

  const all = (await listAs(adminEnv)).items.map((p) => p.id);
  for (const id of [...mine, theirs]) assert.ok(all.includes(id), `admin does not see ${id}`);
});

test('pastes ls prints a readable table with a paging hint', async () => {
  const id = await pasteAs(alice, 'for the table', [
    '--title',
    'Table row',
    '--max-views',
    '3',
    '--password',
    'pw-123456',
    // Never is the default (ADR 0065); said here so the row shows the "never" case whatever it becomes.
    '--expire',
    'never',
  ]);
  const run = await box.run(['pastes', 'ls', '--limit', '1'], { env: alice });
  const [header, row, ...rest] = succeeded(run).trimEnd().split('\n');
  assert.match(header, /^ID\s+SLUG\s+TITLE\s+FORMAT\s+VIEWS\s+LOCKED\s+EXPIRES\s+CREATED$/);
  assert.is(rest.length, 0);
  assert.match(row, new RegExp(`^${id}\\s+\\S+\\s+Table row\\s+text\\s+0/3\\s+yes\\s+never\\s+\\d{4}-`));
  assert.match(run.stderr, /showing 1 of \d+; next: --page 2/);
});

test('pastes rm deletes own shares; another key cannot delete them', async () => {
  const a = await pasteAs(alice, 'delete me');
  const b = await pasteAs(alice, 'delete me too');
  const c = await pasteAs(alice, 'and me');
  failedWith(await box.run(['pastes', 'rm', a], { env: bob }), /not found|forbidden|access/i);
  assert.is(succeeded(await box.run(['pastes', 'rm', a], { env: alice })), 'deleted 1 text share\n');
  assert.is(succeeded(await box.run(['pastes', 'rm', b, c], { env: alice })), 'deleted 2 text shares\n');
  const left = (await listAs(alice)).items.map((p) => p.id);
  assert.ok(![a, b, c].some((id) => left.includes(id)));
});

test('pastes clear-expired removes expired shares (admin), and is refused to a key', async () => {
  // 0.5 h, then the server's clock moves past it.
  const expiring = await pasteAs(alice, 'short lived', ['--expire', '0.5']);
  clock.advance(31 * 60_000);
  const run = await box.run(['pastes', 'clear-expired'], { env: adminEnv });
  assert.match(succeeded(run), /^removed [1-9]\d* expired text shares?\n$/);
  assert.ok(!(await listAs(adminEnv)).items.some((p) => p.id === expiring));
  failedWith(await box.run(['pastes', 'clear-expired'], { env: alice }), /admin/i);
});

test.run();
