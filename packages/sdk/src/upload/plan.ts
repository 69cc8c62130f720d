/**
 * Which way a file goes: straight to storage when the config can presign (one PUT, or multipart above
 * the threshold), through `POST /upload` otherwise.
 */
import type { ListResult, StorageConfigView } from '../contract/index.ts';
import { ClipError } from '../errors.ts';
import type { ClipClient } from '../sdk.ts';
import { lookup } from './lookup.ts';
import type { StorageCapabilities, UploadMode, UploadSource } from './types.ts';

export function chooseMode(
  size: number,
  storage: StorageCapabilities,
  multipartThreshold: number,
): UploadMode {
  if (!storage.presign) return 'direct';
  if (size > multipartThreshold && storage.multipart) return 'multipart';
  return 'presigned';
}

/** What a provider can do: every S3-compatible one presigns PUTs and parts; a local directory only takes streamed uploads. */
export function capabilitiesOf(providerType: string): StorageCapabilities {
  const s3 = providerType !== 'local';
  return { presign: s3, multipart: s3 };
}

/** True for the server's refusal to presign for a config that cannot (the client then uploads directly). */
export function isUnsupportedMode(err: unknown): boolean {
  return err instanceof ClipError && err.status === 400 && /does not support/i.test(err.message);
}

/**
 * The capabilities of the config an upload targets (the default config when `configId` is absent),
 * or null when the caller may not read configs: the upload then tries presigning and falls back.
 */
export async function lookupCapabilities(
  client: ClipClient,
  source: UploadSource,
  configId: string | undefined,
): Promise<StorageCapabilities | null> {
  try {
    const { items } = await lookup<ListResult<StorageConfigView>>(client, source, '/s3-configs');
    const config = configId ? items.find((c) => c.id === configId) : items.find((c) => c.is_default);
    return config ? capabilitiesOf(config.provider_type) : null;
  } catch {
    return null;
  }
}
