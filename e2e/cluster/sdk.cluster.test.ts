// @clip-databases postgres
// sdk.test.ts through the cluster: three processes on one Postgres behind HAProxy (target.ts).
import './target.ts';
import '../sdk.test.ts';
