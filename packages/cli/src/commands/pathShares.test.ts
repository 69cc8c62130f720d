// @clip-databases sqlite postgres
/** `clip share <virtual path>` and `clip shares ls|rm`, spawned against a live server. */
import type { PathShareList, PathShareRecord } from '@clip/sdk';
import { localMount, startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let box: Sandbox;
let alice: { CLIP_API_KEY: string };
let bob: { CLIP_API_KEY: string };

test.before(async () => {
  server = await startTestServer();
  box = await createSandbox(server.url);
  await localMount(server, { path: '/loc' });
  const fs = (await server.adminClient()).fs;
  await fs.mkdir('/loc/team/photos', { create_parents: true });
  await fs.update('/loc/team/photos/a.txt', 'a photo, nearly');
  alice = { CLIP_API_KEY: (await server.keyClient({ mount: true, basic_path: '/loc/team' })).key };
  bob = { CLIP_API_KEY: (await server.keyClient({ mount: true, basic_path: '/loc/team' })).key };
});
test.after(async () => {
  await box?.dispose();
  await server?.close();
});

const lsAs = async (env: Record<string, string>, args: string[] = []): Promise<PathShareList> =>
  JSON.parse(succeeded(await box.run(['shares', 'ls', '--json', ...args], { env })));

test('clip share prints the link, which opens the folder with its password', async () => {
  const link = succeeded(
    await box.run(['share', '/loc/team/photos/', '--password', 'pw', '--expire', '7d', '--max-views', '3'], {
      env: alice,
    }),
  ).trim();
  const slug = /\/s\/([\w-]+)$/.exec(link)?.[1];
  assert.ok(slug, link);
  assert.is(link, `${server.url}/s/${slug}`);
  const [share] = (await lsAs(alice)).items;
  assert.is(share.slug, slug);
  assert.is(share.path, '/loc/team/photos');
  assert.is(share.requires_password, true);
  assert.is(share.max_views, 3);
  const expiresIn = Date.parse(share.expires_at!) - Date.now();
  assert.ok(expiresIn > 6.9 * 86_400_000 && expiresIn <= 7 * 86_400_000, String(expiresIn));
  const visitor = server.client().pathShares;
  assert.equal(await visitor.visit(slug!), { requires_password: true });
  const token = await visitor.verify(slug!, 'pw');
  const listing = await visitor.listInside(slug!, '/', { token });
  assert.equal(
    listing.items.map((i) => i.name),
    ['a.txt'],
  );
});

test('clip shares ls shows a key its own links only; rm takes an id, a slug or a link', async () => {
  const made = JSON.parse(
    succeeded(
      await box.run(['share', '/loc/team/photos/a.txt', '--json', '--slug', 'bobs-photo'], { env: bob }),
    ),
  ) as PathShareRecord;
  assert.is(made.kind, 'file');
  assert.equal(
    (await lsAs(bob)).items.map((s) => s.id),
    [made.id],
  );
  assert.not.ok((await lsAs(alice)).items.some((s) => s.id === made.id));
  const table = succeeded(await box.run(['shares', 'ls', '--path', '/loc/team/photos/a.txt'], { env: bob }));
  assert.match(table, /bobs-photo/);
  assert.match(table, /\/loc\/team\/photos\/a\.txt/);

  failedWith(await box.run(['shares', 'rm', made.url], { env: alice }), /no path share of yours/);
  assert.match(succeeded(await box.run(['shares', 'rm', made.url], { env: bob })), /deleted 1 path share/);
  assert.equal((await lsAs(bob)).items, []);
});

test('clip share refuses what the key may not read and a path that is not there', async () => {
  failedWith(await box.run(['share', '/loc/elsewhere'], { env: alice }), /no access|outside|not found/);
  failedWith(await box.run(['share', '/loc/team/missing'], { env: alice }), /not found/);
  failedWith(await box.run(['share', 'photos'], { env: alice }), /starts with \//);
});

test.run();
