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
export { startNginx, type TestNginx } from './nginx.ts';
export { freePort } from './ports.ts';
export { startS3rver, type TestS3 } from './s3rver.ts';
export {
  SERVER_MALLOC_ENV,
  SERVER_NODE_ARGS,
  type ServerInstance,
  startRefused,
  startServerInstance,
  stopServerInstance,
} from './serverInstance.ts';
export { createTestDatabase, type TestDatabase, testDialect } from './testDatabase.ts';
export {
  startTestServer,
  TEST_ADMIN,
  type TestServer,
  type TestServerTarget,
  useTestServerTarget,
} from './testServer.ts';
export { until } from './until.ts';
