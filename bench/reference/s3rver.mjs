// s3rver as its own process, the S3 server the upload benchmark sends to (clip's multipart and the aws CLI
// alike). Usage: PORT=... S3RVER_DIR=... S3RVER_BUCKET=... node bench/reference/s3rver.mjs
import crypto from 'node:crypto';
import S3rver from 's3rver';

// s3rver encrypts list continuation tokens with single DES, which OpenSSL 3 keeps in its legacy
// provider: listings past 1,000 keys would answer 500. DES-EDE3 with the key repeated three times is the
// same cipher and is in the default provider (the same mapping as packages/server/src/testing/s3rver.ts).
const tripled = (key) => Buffer.concat([key, key, key]);
const { createCipheriv, createDecipheriv } = crypto;
crypto.createCipheriv = (alg, key, iv, options) =>
  alg === 'des' ? createCipheriv('des-ede3-cbc', tripled(key), iv) : createCipheriv(alg, key, iv, options);
crypto.createDecipheriv = (alg, key, iv, options) =>
  alg === 'des'
    ? createDecipheriv('des-ede3-cbc', tripled(key), iv)
    : createDecipheriv(alg, key, iv, options);

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
