/** Test helpers other packages' tests use to start a real server. */

export { type OffsetClock, offsetClock } from '../clock.ts';
export { startHaproxy, type TestHaproxy } from './haproxy.ts';
export {
  type LocalMountOptions,
  localMount,
  type MountUnderTest,
  s3ConfigBody,
  s3Mount,
  s3rverConfig,
} from './mounts.ts';
export { startS3rver, type TestS3 } from './s3rver.ts';
export { createTestDatabase, type TestDatabase, testDialect } from './testDatabase.ts';
export { startTestServer, TEST_ADMIN, type TestServer } from './testServer.ts';
export { until } from './until.ts';
