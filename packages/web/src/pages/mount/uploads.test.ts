// The explorer's uploads ask the SDK for six parts at once of 16 MiB each (ADR 0081, ADR 0087).
import type { ClipClient, FsUploadOptions } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PART_BYTES, PARTS_IN_FLIGHT, uploadFiles } from './uploads.ts';

test('a file goes through fs.upload with the part size and parts in flight', async () => {
  const calls: { folder: string; options: FsUploadOptions }[] = [];
  const client = {
    fs: {
      upload: async (folder: string, _file: File, options: FsUploadOptions) => {
        calls.push({ folder, options });
        return {};
      },
    },
  } as unknown as ClipClient;
  await uploadFiles(client, [{ folder: '/loc/in', file: new File(['x'], 'a.bin') }]);
  assert.is(calls.length, 1);
  assert.is(calls[0].folder, '/loc/in');
  assert.is(calls[0].options.partSize, 16 * 1024 * 1024);
  assert.is(PART_BYTES, 16 * 1024 * 1024);
  assert.is(calls[0].options.concurrency, PARTS_IN_FLIGHT);
});

test.run();
