/** Shared setup of the storage config route tests: a real server and an s3rver bucket. */
import type { ClipClient, CreateStorageConfigBody } from '@clip/sdk';
import { s3rverConfig } from '../../../testing/index.ts';
import { startS3rver, type TestS3 } from '../../../testing/s3rver.ts';
import type { TestServer } from '../../../testing/testServer.ts';

export interface StorageConfigKit {
  server: TestServer;
  s3: TestS3;
  admin: ClipClient;
  /** A valid create body for the s3rver bucket, with overrides. */
  s3rverConfig(extra?: Partial<CreateStorageConfigBody>): CreateStorageConfigBody;
  close(): Promise<void>;
}

/** Takes the test's starting server (so the runner sees `startTestServer(` and runs the file on Postgres too). */
export async function startStorageConfigKit(starting: Promise<TestServer>): Promise<StorageConfigKit> {
  const [server, s3] = await Promise.all([starting, startS3rver()]);
  return {
    server,
    s3,
    admin: await server.adminClient(),
    s3rverConfig: (extra = {}) => s3rverConfig(s3, extra),
    async close() {
      await server.close();
      await s3.close();
    },
  };
}
