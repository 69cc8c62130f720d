/** Conformance for the direct-transfer capabilities: presigned URLs and multipart uploads, really used over HTTP. */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { canMultipart, canPresign, type StorageDriver } from '../driver.ts';
import { collect, sha256 } from './conformanceHelpers.ts';

const MiB = 1024 * 1024;

export function transferConformance(
  suite: Test<{ driver: StorageDriver }>,
  expect: { presign: boolean; multipart: boolean },
) {
  if (expect.presign)
    suite('presigned PUT then presigned GET move the bytes over plain HTTP', async ({ driver }) => {
      if (!canPresign(driver)) throw new Error('guards disagree');
      const path = 'presigned/upload.bin';
      const body = randomBytes(100_000);
      const putUrl = await driver.presignPut(path, {
        contentType: 'application/x-clip-test',
        expiresInSeconds: 300,
      });
      const put = await fetch(putUrl, {
        method: 'PUT',
        body,
        headers: { 'content-type': 'application/x-clip-test' },
      });
      assert.is(put.status, 200, await put.clone().text());
      assert.is((await driver.stat(path))?.size, body.length);

      const getUrl = await driver.presignGet(path, {
        expiresInSeconds: 300,
        filename: 'Résumé "final".bin',
        disposition: 'attachment',
        contentType: 'image/png',
      });
      const got = await fetch(getUrl);
      assert.is(got.status, 200);
      assert.is(got.headers.get('content-type'), 'image/png');
      const disposition = got.headers.get('content-disposition') ?? '';
      assert.match(disposition, /^attachment;/);
      assert.match(disposition, /filename\*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22\.bin/);
      assert.is(sha256(Buffer.from(await got.arrayBuffer())), sha256(body));

      const ranged = await fetch(await driver.presignGet(path, { expiresInSeconds: 300 }), {
        headers: { range: 'bytes=10-19' },
      });
      assert.is(ranged.status, 206);
      assert.equal(Buffer.from(await ranged.arrayBuffer()), body.subarray(10, 20));
    });

  if (!expect.multipart) return;
  suite('multipart: parts through the server and through a presigned URL complete into one object', async ({
    driver,
  }) => {
    if (!canMultipart(driver)) throw new Error('guards disagree');
    const path = 'multipart/joined.bin';
    const first = randomBytes(5 * MiB);
    const second = randomBytes(123_457);
    const { uploadId } = await driver.multipartInit(path, { contentType: 'application/x-clip-test' });
    assert.ok(uploadId.length > 0);
    const part1 = await driver.multipartUploadPart(path, uploadId, 1, Readable.from([first]), first.length);
    assert.equal([part1.partNumber, typeof part1.etag], [1, 'string']);
    const partUrl = await driver.multipartPresignPart(path, uploadId, 2, 300);
    const put = await fetch(partUrl, { method: 'PUT', body: second });
    assert.is(put.status, 200);
    const etag2 = put.headers.get('etag');
    assert.ok(etag2, 'the store exposes the part ETag');
    // Nothing is visible until the upload completes.
    assert.is(await driver.stat(path), null);
    const done = await driver.multipartComplete(path, uploadId, [{ partNumber: 2, etag: etag2 }, part1]);
    assert.is(done.size, first.length + second.length);
    const read = await driver.read(path);
    assert.is(read.size, first.length + second.length);
    assert.is(sha256(await collect(read.stream)), sha256(Buffer.concat([first, second])));
  });

  suite('multipart abort never throws and leaves no object', async ({ driver }) => {
    if (!canMultipart(driver)) throw new Error('guards disagree');
    const path = 'multipart/aborted.bin';
    const { uploadId } = await driver.multipartInit(path, {});
    await driver.multipartUploadPart(path, uploadId, 1, Readable.from([Buffer.alloc(1024, 1)]), 1024);
    const confirmed = await driver.multipartAbort(path, uploadId);
    assert.type(confirmed, 'boolean');
    assert.is(await driver.stat(path), null);
    assert.type(await driver.multipartAbort(path, 'no-such-upload'), 'boolean');
  });
}
