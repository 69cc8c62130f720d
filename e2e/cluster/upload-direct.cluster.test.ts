// @clip-databases postgres
// upload/direct.test.ts through the cluster: three processes on one Postgres behind HAProxy (target.ts).
import './target.ts';
import '../upload/direct.test.ts';
