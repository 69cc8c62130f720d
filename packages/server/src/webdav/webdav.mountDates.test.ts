// @clip-databases sqlite postgres
/**
 * Mount folders carry real dates (issue 33 item 21): a mount's folder and a virtual folder above
 * mounts have no entry of their own in a storage, and without a date WebDAV clients (rclone, Finder)
 * showed 1970. Their date is the last change of the mounts at or below them, in WebDAV and the API alike.
 */
import type { FsListResult, Mount } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../testing/testServer.ts';
import { type DavKit, startDavKit } from './testing/davTestKit.ts';

let kit: DavKit;
test.before(async () => {
  kit = await startDavKit(startTestServer());
  await kit.mountLocalAndS3();
  await kit.mount({
    name: 'deep',
    mount_path: '/team/deep',
    storage_config_id: kit.localConfigId,
    storage_type: 'local',
  });
});
test.after(async () => kit?.close());

const httpDate = (iso: string) => new Date(iso).toUTCString();

async function mountsByPath(): Promise<Map<string, Mount>> {
  const res = await kit.api('GET', '/admin/mounts');
  return new Map((res.json.data as { items: Mount[] }).items.map((m) => [m.mount_path, m]));
}

/** The getlastmodified of each response in a Depth 1 PROPFIND, by href. */
async function modifiedIn(path: string): Promise<Map<string, string | null>> {
  const res = await kit.dav('PROPFIND', path, { headers: { depth: '1' } });
  assert.is(res.status, 207);
  const xml = await res.text();
  const out = new Map<string, string | null>();
  for (const part of xml.split(/<D:response>|<d:response>/i).slice(1)) {
    const href = /<D:href>([^<]*)<\/D:href>/i.exec(part)?.[1] ?? '';
    out.set(decodeURIComponent(href), /<D:getlastmodified>([^<]*)</i.exec(part)?.[1] ?? null);
  }
  return out;
}

test('PROPFIND at the root dates each mount and the virtual folder above a mount', async () => {
  const mounts = await mountsByPath();
  const dates = await modifiedIn('/');
  assert.is(dates.get('/dav/local/'), httpDate(mounts.get('/local')!.updated_at));
  assert.is(dates.get('/dav/s3/'), httpDate(mounts.get('/s3')!.updated_at));
  assert.is(dates.get('/dav/team/'), httpDate(mounts.get('/team/deep')!.updated_at), 'the virtual folder');
  for (const [href, date] of dates) assert.ok(date && !date.includes('1970'), `${href}: ${date}`);
});

test('the API lists the same dates; editing a mount moves its date', async () => {
  const before = (await mountsByPath()).get('/s3')!;
  const listed = async () =>
    ((await kit.api('GET', '/admin/fs/list?path=/&refresh=true')).json.data as FsListResult).items;
  assert.is((await listed()).find((i) => i.path === '/s3')?.modified, before.updated_at);
  await kit.api('PUT', `/admin/mounts/${before.id}`, { remark: 'renamed bucket' });
  const after = (await mountsByPath()).get('/s3')!;
  assert.ok(after.updated_at > before.updated_at);
  assert.is((await listed()).find((i) => i.path === '/s3')?.modified, after.updated_at);
  assert.is((await modifiedIn('/')).get('/dav/s3/'), httpDate(after.updated_at));
});

test.run();
