/**
 * A storage config with a mount over it, made through the API as an admin would: the setup every test of
 * mounts, the file system and uploads into mounts starts from.
 */
import type { CreateStorageConfigBody } from '@clip/sdk/contract';
import type { StorageDriver } from '../storage/driver.ts';
import type { TestS3 } from './s3rver.ts';
import type { TestServer } from './testServer.ts';

export interface MountUnderTest {
  kind: 'local' | 's3';
  path: string;
  configId: string;
  /** The storage config's driver in the test server's process, to look behind the service's back. */
  driver: StorageDriver;
}

export interface LocalMountOptions {
  /** The mount path (default `/loc`). */
  path?: string;
  /** The name of the config and the mount (default `local <path>`). */
  name?: string;
  /** The config's root_path, relative to the server's data dir (default `mount-<path>`, e.g. `mount-loc`). */
  root?: string;
}

/** A local storage config (a directory under the server's data dir) mounted at `path`. */
export async function localMount(
  server: TestServer,
  options: LocalMountOptions = {},
): Promise<MountUnderTest> {
  const path = options.path ?? '/loc';
  const name = options.name ?? `local ${path}`;
  const admin = await server.adminClient();
  const config = await admin.storageConfigs.create({
    name,
    provider_type: 'local',
    root_path: options.root ?? `mount${path.replace(/\//g, '-')}`,
  });
  await admin.mounts.create({ name, mount_path: path, storage_type: 'local', storage_config_id: config.id });
  const driver = await server.app.services.storageConfigs.driverFor(config.id);
  return { kind: 'local', path, configId: config.id, driver };
}

/** An s3rver bucket as a storage config of provider `minio`, named `s3rver` and private unless `extra` says otherwise. */
export function s3rverConfig(
  s3: Pick<TestS3, 'endpoint' | 'bucket' | 'accessKeyId' | 'secretAccessKey'>,
  extra: Partial<CreateStorageConfigBody> = {},
): CreateStorageConfigBody {
  return {
    name: 's3rver',
    provider_type: 'minio',
    endpoint_url: s3.endpoint,
    bucket_name: s3.bucket,
    access_key_id: s3.accessKeyId,
    secret_access_key: s3.secretAccessKey,
    ...extra,
  };
}

/** The body that makes an s3rver bucket a public, path-style S3 storage config named `name`. */
export function s3ConfigBody(s3: TestS3, name: string) {
  return {
    name,
    provider_type: 'other',
    endpoint_url: s3.endpoint,
    bucket_name: s3.bucket,
    region: s3.region,
    access_key_id: s3.accessKeyId,
    secret_access_key: s3.secretAccessKey,
    path_style: true,
    is_public: true,
  } satisfies CreateStorageConfigBody;
}

/** An s3rver bucket as a public S3 storage config, mounted at `path` (default `/s3`). */
export async function s3Mount(server: TestServer, s3: TestS3, path = '/s3'): Promise<MountUnderTest> {
  const admin = await server.adminClient();
  const config = await admin.storageConfigs.create(s3ConfigBody(s3, `s3 ${path}`));
  await admin.mounts.create({
    name: `s3 ${path}`,
    mount_path: path,
    storage_type: 's3',
    storage_config_id: config.id,
  });
  const driver = await server.app.services.storageConfigs.driverFor(config.id);
  return { kind: 's3', path, configId: config.id, driver };
}
