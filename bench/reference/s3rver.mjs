// s3rver as its own process, the S3 server the upload benchmark sends to (clip's multipart and the aws CLI
// alike). Usage: PORT=... S3RVER_DIR=... S3RVER_BUCKET=... node bench/reference/s3rver.mjs
import S3rver from 's3rver';

const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.env.PORT ?? 0),
  silent: true,
  directory: process.env.S3RVER_DIR,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET ?? 'bench-uploads' }],
});
const address = await server.run();
process.stdout.write(`s3rver listening on http://127.0.0.1:${address.port}\n`);
const stop = () => server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
