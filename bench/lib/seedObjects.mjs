// Fills an s3rver bucket with `count` small objects under `big/` (file-00000.txt ...), 24 PUTs at once:
// the large folder the list, cli and webdav benchmarks read.
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

export async function seedObjects(s3, count) {
  const client = new S3Client({
    endpoint: s3.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: `big/file-${String(i).padStart(5, '0')}.txt`,
          Body: `object ${i}\n`,
        }),
      );
    }
  };
  try {
    await Promise.all(Array.from({ length: 24 }, worker));
  } finally {
    client.destroy();
  }
}
