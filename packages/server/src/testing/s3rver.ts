/**
 * Starts s3rver in-process on 127.0.0.1 with an ephemeral port, a temp directory and one bucket whose CORS
 * rules let a browser PUT and GET from any origin (ETag exposed, as multipart uploads need it).
 */
import crypto, { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Calls `listener` with the key of every object written (PUT, POST, copy, multipart complete). */
  onObjectCreated(listener: (key: string) => void): void;
  close(): Promise<void>;
}

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * s3rver encrypts ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 (Node 17+) only ships
 * in its legacy provider, so every paged listing answers 500. DES-EDE3 with the key repeated three times
 * is the same cipher (K1 = K2 = K3 reduces to single DES) and is in the default provider: map it, for
 * the 'des' algorithm only, in the test process that hosts s3rver.
 */
function allowS3rverContinuationTokens(): void {
  const patched = Symbol.for('clip.s3rver.des');
  const c = crypto as unknown as Record<string | symbol, unknown>;
  if (c[patched]) return;
  const tripled = (key: crypto.CipherKey) => Buffer.concat([key as Buffer, key as Buffer, key as Buffer]);
  type CreateCipher = (
    algorithm: string,
    key: crypto.CipherKey,
    iv: crypto.BinaryLike | null,
    options?: never,
  ) => unknown;
  const desAsTripleDes =
    (create: CreateCipher): CreateCipher =>
    (algorithm, key, iv, options) =>
      algorithm === 'des' ? create('des-ede3-cbc', tripled(key), iv) : create(algorithm, key, iv, options);
  c.createCipheriv = desAsTripleDes(crypto.createCipheriv as CreateCipher);
  c.createDecipheriv = desAsTripleDes(crypto.createDecipheriv as CreateCipher);
  c[patched] = true;
}

export async function startS3rver(options: { bucket?: string } = {}): Promise<TestS3> {
  allowS3rverContinuationTokens();
  const directory = await mkdtemp(join(tmpdir(), 'clip-s3rver-'));
  // Real clients reject bucket names s3rver accepts: 3+ lowercase characters and digits only.
  const bucket = options.bucket ?? `clip-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    onObjectCreated(listener) {
      (server as unknown as NodeJS.EventEmitter).on(
        'event',
        (e: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
          for (const r of e.Records) if (r.eventName.startsWith('ObjectCreated')) listener(r.s3.object.key);
        },
      );
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
