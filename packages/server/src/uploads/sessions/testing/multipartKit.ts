/** Shared by the resumable upload tests: raw part calls, stored bytes, digests (mounts: testing/mounts.ts). */
import { createHash, randomBytes } from 'node:crypto';
import type { StorageDriver } from '../../../storage/driver.ts';
import type { TestServer } from '../../../testing/testServer.ts';

export const MIB = 1024 * 1024;

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export function randomBuffer(size: number): Buffer {
  return randomBytes(size);
}

/** Reads a whole stored object. */
export async function storedBytes(driver: StorageDriver, key: string): Promise<Buffer> {
  const { stream } = await driver.read(key);
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

/** POSTs one part with a raw body; answers status and the envelope. */
export async function postPart(
  server: TestServer,
  token: string,
  query: Record<string, string | number | boolean>,
  body: Uint8Array,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { code: number; message: string; data: unknown } }> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${server.url}/api/admin/fs/multipart/part?${qs}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', ...headers },
    body,
  });
  return { status: res.status, json: (await res.json()) as never };
}
