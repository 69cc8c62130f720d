/** Shared by the resumable upload tests: mounts over a local dir and s3rver, raw part calls, digests. */
import { createHash, randomBytes } from 'node:crypto';
import type { ClipClient } from '@clip/sdk';
import type { StorageDriver } from '../../storage/driver.ts';
import type { TestS3 } from '../../testing/s3rver.ts';
import type { TestServer } from '../../testing/testServer.ts';

export const MIB = 1024 * 1024;

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export function randomBuffer(size: number): Buffer {
  return randomBytes(size);
}

export interface MountUnderTest {
  kind: 'local' | 's3';
  path: string;
  configId: string;
  driver: StorageDriver;
}

export async function localMount(
  server: TestServer,
  admin: ClipClient,
  path = '/loc',
): Promise<MountUnderTest> {
  const config = await admin.storageConfigs.create({
    name: `local ${path}`,
    provider_type: 'local',
    root_path: `mount${path.replace(/\//g, '-')}`,
  });
  await admin.mounts.create({
    name: `local ${path}`,
    mount_path: path,
    storage_type: 'local',
    storage_config_id: config.id,
  });
  const driver = await server.app.services.storageConfigs.driverFor(config.id);
  return { kind: 'local', path, configId: config.id, driver };
}

export async function s3Mount(
  server: TestServer,
  admin: ClipClient,
  s3: TestS3,
  path = '/s3',
): Promise<MountUnderTest> {
  const config = await admin.storageConfigs.create({
    name: `s3 ${path}`,
    provider_type: 'other',
    endpoint_url: s3.endpoint,
    bucket_name: s3.bucket,
    region: s3.region,
    access_key_id: s3.accessKeyId,
    secret_access_key: s3.secretAccessKey,
    path_style: true,
    is_public: true,
  });
  await admin.mounts.create({
    name: `s3 ${path}`,
    mount_path: path,
    storage_type: 's3',
    storage_config_id: config.id,
  });
  const driver = await server.app.services.storageConfigs.driverFor(config.id);
  return { kind: 's3', path, configId: config.id, driver };
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
