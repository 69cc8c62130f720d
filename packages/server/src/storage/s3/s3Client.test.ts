import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createS3Client, SDK_LOGGER_MIDDLEWARE } from './s3Client.ts';

const options = {
  endpoint: 'http://127.0.0.1:9',
  region: 'us-east-1',
  accessKeyId: 'id',
  secretAccessKey: 'secret',
  forcePathStyle: true,
};

test("the client carries clip's DeleteObjects fix and not the SDK's logging middleware", () => {
  const names = createS3Client(options)
    .middlewareStack.identify()
    .map((entry) => entry.split(' ')[0]);
  assert.ok(names.includes('clipDeleteObjectsContentMd5'), names.join(', '));
  // Were the SDK to rename it, `remove` would silently keep it: this list would still name a logger.
  assert.not.ok(
    names.some((name) => name === SDK_LOGGER_MIDDLEWARE || /logger/i.test(name)),
    names.join(', '),
  );
});

test.run();
