// @clip-databases sqlite postgres
// `POST /api/admin/fs/upload` into an S3 mount frees the form's chunks once the write has copied them
// (ADR 0033): left to the collector, a 1 GiB upload held ~25 MiB of dead request chunks at a time.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FsKit, startFsKit } from '../../fs/testing/fsTestKit.ts';
import type { StorageDriver } from '../../storage/driver.ts';
import { startTestServer } from '../../testing/testServer.ts';

const MIB = 1024 * 1024;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let kit: FsKit;
/** The chunks each write of the S3 driver was given, in order. */
const seen: Buffer[][] = [];

test.before(async () => {
  kit = await startFsKit(startTestServer());
  await kit.mount({ mount_path: '/s3', storage_type: 's3', cache_ttl: 0, root_prefix: 'chunks' });
  const driver: StorageDriver = await kit.server.app.services.storageConfigs.driverFor(kit.s3ConfigId);
  const write = driver.write.bind(driver);
  driver.write = (path, body, options) => {
    const chunks: Buffer[] = [];
    seen.push(chunks);
    const tap = async function* () {
      for await (const chunk of body) {
        chunks.push(chunk);
        yield chunk;
      }
    };
    return write(path, Readable.from(tap()), options);
  };
});
test.after(async () => kit?.close());

const freed = (chunks: Buffer[]) => chunks.filter((c) => c.buffer.byteLength === 0).length;

for (const order of ['path first', 'file first (spooled)'] as const) {
  test(`an upload into S3 frees its chunks once stored, the object whole (${order})`, async () => {
    const bytes = randomBytes(6 * MIB + 123);
    const name = order === 'path first' ? 'streamed.bin' : 'spooled.bin';
    const form = new FormData();
    const file = new Blob([bytes], { type: 'application/octet-stream' });
    if (order === 'path first') form.append('path', '/s3');
    form.append('file', file, name);
    if (order !== 'path first') form.append('path', '/s3');
    const before = seen.length;
    const res = await kit.raw('admin', 'POST', '/admin/fs/upload', { body: form });
    assert.is(res.status, 201, await res.clone().text());
    assert.is(seen.length, before + 1, 'one storage write');
    const chunks = seen[before] as Buffer[];
    assert.ok(chunks.length > 10, `${chunks.length} chunks`);
    // A chunk that is a slice of a larger buffer (the form's framing around it) is left to the collector.
    assert.ok(freed(chunks) >= chunks.length / 2, `${freed(chunks)} of ${chunks.length} chunks freed`);
    const back = await kit.raw(
      'admin',
      'GET',
      `/admin/fs/download?path=${encodeURIComponent(`/s3/${name}`)}`,
    );
    assert.is(back.status, 200);
    assert.is(sha(new Uint8Array(await back.arrayBuffer())), sha(bytes));
  });
}

test.run();
