/**
 * Builds the S3 client every S3-compatible provider (AWS, R2, B2, MinIO, Ceph, OSS) can talk to:
 * checksums only when an operation requires them, and DeleteObjects signed with Content-MD5 instead of
 * the SDK's CRC32, which several providers reject.
 */
import { createHash } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { collectResponseBody, releaseParsedListPages } from './responseBodies.ts';

export interface S3ClientOptions {
  /** null = the provider's default endpoint (AWS). */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Attempts per call, retries included (the SDK default is 3). */
  maxAttempts?: number;
  connectionTimeoutMs?: number;
  /** How long a socket may sit idle mid-transfer. */
  socketTimeoutMs?: number;
}

/** The name the SDK's per-call logging middleware has in a client's middleware stack. */
export const SDK_LOGGER_MIDDLEWARE = 'loggerMiddleware';

export function createS3Client(options: S3ClientOptions): S3Client {
  const client = new S3Client({
    endpoint: options.endpoint ?? undefined,
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: options.forcePathStyle,
    // With the defaults a streamed PutObject carries aws-chunked framing some stores keep inside the
    // object, and presigned URLs carry checksums a browser upload cannot satisfy (stack.md).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: options.maxAttempts ?? 3,
    streamCollector: collectResponseBody,
    requestHandler: {
      connectionTimeout: options.connectionTimeoutMs ?? 10_000,
      socketTimeout: options.socketTimeoutMs ?? 300_000,
      httpAgent: { keepAlive: true, maxSockets: 50 },
      httpsAgent: { keepAlive: true, maxSockets: 50 },
    },
  });
  // The SDK's logging middleware filters a copy of every call's input and output for its logger even
  // when that logger does nothing: for a listing page, a walk over its 1,000 objects (~1 KB of garbage
  // each) that nobody reads: clip gives the SDK no logger.
  client.middlewareStack.remove(SDK_LOGGER_MIDDLEWARE);
  releaseParsedListPages(client);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (
        context.commandName === 'DeleteObjectsCommand' &&
        request.headers &&
        typeof request.body === 'string'
      ) {
        for (const name of Object.keys(request.headers)) {
          const lower = name.toLowerCase();
          if (lower.startsWith('x-amz-checksum-') || lower === 'x-amz-sdk-checksum-algorithm')
            delete request.headers[name];
        }
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    // After the SDK's own checksum middleware (build step, normal priority), before signing.
    { step: 'build', priority: 'low', name: 'clipDeleteObjectsContentMd5' },
  );
  return client;
}
