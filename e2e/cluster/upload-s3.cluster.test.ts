// @clip-databases postgres
// upload/s3.test.ts through the cluster: three processes on one Postgres behind HAProxy (target.ts).
import './target.ts';
import '../upload/s3.test.ts';
