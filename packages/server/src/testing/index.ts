/** Test helpers other packages' tests use to start a real server. */
export { startTestServer, TEST_ADMIN, type TestServer } from './testServer.ts';
