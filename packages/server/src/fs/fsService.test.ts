// @clip-databases sqlite postgres
/** The fs conformance suite against a local mount and an s3rver mount, on one real server. */
import { startTestServer } from '../testing/testServer.ts';
import { fsConformanceSuite } from './testing/fsConformance.ts';
import { type FsKit, startFsKit } from './testing/fsTestKit.ts';

const kit: FsKit = await startFsKit(startTestServer());
const local = fsConformanceSuite('local', () => kit, 'local');
const s3 = fsConformanceSuite('s3rver', () => kit, 's3');
s3.after(async () => kit.close());
local.run();
s3.run();
