// @clip-databases postgres
// ../packages/server/src/webdav/webdav.litmus.test.ts through the cluster: three processes on one Postgres behind HAProxy (target.ts).
import './target.ts';
import '../../packages/server/src/webdav/webdav.litmus.test.ts';
