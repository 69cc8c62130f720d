// @clip-databases sqlite postgres
/**
 * A path in no mount (issue 33 item 16): whatever route asks about something there, the answer is the
 * same 404 "not found" that fs/get gives, for the admin and for a key; a virtual folder (which
 * exists, made of the mounts below it) and a new path to write are the 400 "not inside a mount".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../testing/testServer.ts';
import { type FsKit, startFsKit } from './testing/fsTestKit.ts';

let kit: FsKit;
let key: string;
test.before(async () => {
  kit = await startFsKit(startTestServer());
  await kit.mount({ mount_path: '/team/docs', cache_ttl: 0, root_prefix: 'no-mount-docs' });
  key = (await kit.server.keyClient({ mount: true })).key;
});
test.after(async () => kit?.close());

const GONE = '/nomount/x.txt';

for (const who of ['admin', 'key'] as const) {
  const base = who === 'admin' ? '/admin/fs' : '/user/fs';
  test(`${who}: every route answers 404 for a path in no mount`, async () => {
    const auth = who === 'admin' ? 'admin' : key;
    const q = `path=${encodeURIComponent(GONE)}`;
    const calls: [string, string, unknown?][] = [
      ['GET', `${base}/get?${q}`],
      ['GET', `${base}/list?${q}`],
      ['GET', `${base}/download?${q}`],
      ['GET', `${base}/preview?${q}`],
      ['GET', `${base}/file-link?${q}`],
      ['DELETE', `${base}/remove?${q}`],
      ['POST', `${base}/rename`, { oldPath: GONE, newPath: '/team/docs/y.txt' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await kit.call(auth, method, path, body);
      assert.is(res.status, 404, `${method} ${path} -> ${res.status} ${res.body.message}`);
      assert.match(res.body.message, /not found/, path);
    }
    const batch = await kit.call<{ failed: { path: string; error: string }[] }>(
      auth,
      'POST',
      `${base}/batch-remove`,
      {
        paths: [GONE],
      },
    );
    assert.match(batch.body.data.failed[0].error, /not found/);
  });

  test(`${who}: a virtual folder or a new path outside the mounts is a 400 naming why`, async () => {
    const auth = who === 'admin' ? 'admin' : key;
    for (const [method, path, body] of [
      ['GET', `${base}/download?path=/team`],
      ['DELETE', `${base}/remove?path=/team`],
      ['POST', `${base}/mkdir`, { path: '/virtual-only' }],
      ['POST', `${base}/update`, { path: '/nomount/new.txt', content: 'x' }],
    ] as [string, string, unknown?][]) {
      const res = await kit.call(auth, method, path, body);
      assert.is(res.status, 400, `${method} ${path} -> ${res.status} ${res.body.message}`);
      assert.match(res.body.message, /not inside a mount/, path);
    }
  });
}

test.run();
