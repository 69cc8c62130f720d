// @clip-databases sqlite postgres
/** `clip log` spawned against a live server, and `clip get` of one's own share counting no view. */
import type { AccessEvent } from '@clip/sdk';
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let box: Sandbox;
let alice: { CLIP_API_KEY: string; CLIP_SERVER: string };
let bob: { CLIP_API_KEY: string; CLIP_SERVER: string };

test.before(async () => {
  server = await startTestServer();
  box = await createSandbox(server.url);
  alice = { CLIP_API_KEY: (await server.keyClient({ text: true, file: true })).key, CLIP_SERVER: server.url };
  bob = { CLIP_API_KEY: (await server.keyClient({ text: true })).key, CLIP_SERVER: server.url };
});
test.after(async () => {
  await box?.dispose();
  await server?.close();
});

async function pasteAs(env: Record<string, string>, text: string, args: string[] = []) {
  return JSON.parse(succeeded(await box.run(['paste', '--json', ...args], { input: text, env }))) as {
    id: string;
    slug: string;
    url: string;
  };
}
const logJson = async (env: Record<string, string>, ref: string) =>
  JSON.parse(succeeded(await box.run(['log', ref, '--json'], { env }))) as {
    items: AccessEvent[];
    total: number;
  };

test("clip get of one's own share counts no view and is no event; someone else's get is", async () => {
  const share = await pasteAs(alice, 'read me once', ['--max-views', '1']);
  for (let i = 0; i < 2; i++)
    assert.is(succeeded(await box.run(['get', share.url], { env: alice })), 'read me once');
  assert.equal((await logJson(alice, share.slug)).items, []);
  // Bob is logged in to the same server, but the share is not his: his get is a visit that uses the view.
  assert.is(succeeded(await box.run(['get', share.slug], { env: bob })), 'read me once');
  const log = await logJson(alice, share.url);
  assert.equal(
    log.items.map((e) => [e.share_kind, e.share_id, e.action, e.outcome]),
    [['text', share.id, 'download', 'ok']],
  );
  failedWith(await box.run(['get', share.slug], { env: alice }), /expired|view limit/);
});

test("clip log prints a table by link, slug or id; a key cannot read another key's share", async () => {
  const share = await pasteAs(alice, 'table me', ['--password', 'pw-12345']);
  const anon = server.client();
  await anon.pastes.get(share.slug);
  await fetch(`${server.url}/api/paste/${share.slug}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'curl/8.0' },
    body: JSON.stringify({ password: 'wrong' }),
  });
  for (const ref of [share.url, share.slug, share.id]) {
    const run = await box.run(['log', ref], { env: alice });
    const [header, ...rows] = succeeded(run).trimEnd().split('\n');
    assert.match(header, /^AT\s+ACTION\s+OUTCOME\s+ADDRESS\s+BYTES\s+PATH\s+CLIENT$/);
    assert.is(rows.length, 2, ref);
    assert.match(rows[0], /\sverify\s+wrong_password\s+127\.0\.0\.0\s+curl\/8\.0$/);
    assert.match(rows[1], /\sview\s+refused\s+127\.0\.0\.0\s/);
  }
  // Bob's scope holds no events of Alice's share, whatever he names it by.
  assert.equal((await logJson(bob, share.id)).total, 0);
  failedWith(await box.run(['log', share.url], { env: bob }), /no share of yours/);
  failedWith(await box.run(['log', share.slug], { env: { CLIP_SERVER: server.url } }), /not logged in/);
});

test('clip log of a file share link', async () => {
  const admin = await server.adminClient();
  const keyClient = server.client({ type: 'apikey', key: alice.CLIP_API_KEY });
  const file = await keyClient.files.upload(new Blob(['bytes']), {}, { filename: 'f.txt' });
  const view = await server.client().files.getPublic(file.slug);
  assert.ok('download_url' in view);
  await (await fetch(view.download_url)).arrayBuffer();
  const log = await logJson(alice, `${server.url}/file/${file.slug}`);
  assert.equal(
    log.items.map((e) => [e.share_kind, e.action, e.outcome, e.bytes]),
    [
      ['file', 'download', 'ok', 5],
      ['file', 'view', 'ok', null],
    ],
  );
  assert.is((await admin.files.getById(file.id)).views, 1);
});

test.run();
