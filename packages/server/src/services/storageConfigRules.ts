/**
 * What a valid storage config is: the request merged over the stored row, checked per provider, normalised
 * into column values. Every refusal is a 400 naming the field.
 */
import { isAbsolute } from 'node:path';
import {
  type CreateStorageConfigBody,
  DEFAULT_SIGNATURE_EXPIRES_IN_S,
  type StorageProvider,
  type UpdateStorageConfigBody,
} from '@clip/sdk/contract';
import { badRequest } from '../http/appError.ts';
import type { StorageConfigRow } from '../storage/createDriver.ts';
import { cleanPath } from '../storage/paths.ts';

/** Column values a create or update writes (the secret still plain; the service seals it). */
export type ConfigValues = Omit<
  StorageConfigRow,
  'id' | 'is_default' | 'secret_access_key_sealed' | 'created_at' | 'updated_at'
>;

export interface CheckedConfig {
  values: ConfigValues;
  /** undefined = keep the stored secret; null = clear it; a string = store this one. */
  secret: string | null | undefined;
}

/** S3's DNS-compatible rule; R2, MinIO and OSS follow it too. */
const STRICT_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** B2 and other stores accept more (upper case, underscores, longer names). */
const RELAXED_BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function bucketProblem(bucket: string, provider: StorageProvider): string | null {
  if (provider === 'b2' || provider === 'other')
    return RELAXED_BUCKET.test(bucket)
      ? null
      : 'must be 3-255 letters, digits, ".", "_" or "-", starting and ending with a letter or digit';
  if (!STRICT_BUCKET.test(bucket))
    return 'must be 3-63 lowercase letters, digits, "." or "-", starting and ending with a letter or digit';
  if (bucket.includes('..') || bucket.includes('.-') || bucket.includes('-.'))
    return 'must not contain "..", ".-" or "-."';
  if (IPV4.test(bucket)) return 'must not look like an IP address';
  return null;
}

/** An http(s) URL without credentials, query or fragment; answered without a trailing slash. */
function httpUrl(field: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest(`body.${field} must be an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest(`body.${field} must be an http(s) URL`);
  if (url.username || url.password) throw badRequest(`body.${field} must not contain credentials`);
  if (url.search || url.hash) throw badRequest(`body.${field} must not have a query or fragment`);
  return url.toString().replace(/\/+$/, '');
}

function localRootPath(raw: string): string {
  if (raw.includes('\0')) throw badRequest('body.root_path must not contain NUL');
  const trimmed = raw.trim();
  if (isAbsolute(trimmed)) return trimmed === '/' ? trimmed : trimmed.replace(/\/+$/, '');
  try {
    const clean = cleanPath(trimmed.replace(/^\.\//, ''));
    if (clean === '') throw new Error();
    return clean;
  } catch {
    throw badRequest(
      'body.root_path must be an absolute path, or a path inside the data directory without ".."',
    );
  }
}

function defaultFolder(raw: string | null | undefined): string {
  const stripped = (raw ?? '').trim().replace(/^\/+/, '');
  try {
    return cleanPath(stripped);
  } catch {
    throw badRequest('body.default_folder must be a relative folder without "..", "." or empty segments');
  }
}

/** A field of the request if present, else the stored value (on update), else the fallback. */
function pick<T>(given: T | null | undefined, stored: T | undefined, fallback: T): T {
  if (given !== undefined && given !== null) return given;
  return stored !== undefined ? stored : fallback;
}

/** Nullable fields: null in the request clears, absent keeps. */
function pickNullable<T>(given: T | null | undefined, stored: T | null | undefined): T | null {
  if (given !== undefined) return given;
  return stored ?? null;
}

export function checkConfig(
  body: CreateStorageConfigBody | UpdateStorageConfigBody,
  current: StorageConfigRow | null,
): CheckedConfig {
  const provider = (body.provider_type ?? current?.provider_type) as StorageProvider;
  const sameProvider = current !== null && current.provider_type === provider;
  const stored = sameProvider ? current : null;
  const name = pick(body.name?.trim(), current?.name, '');
  if (!name) throw badRequest('body.name is required');
  const common = {
    name,
    provider_type: provider,
    is_public: pick(body.is_public, current ? Boolean(current.is_public) : undefined, false),
    total_storage_bytes: pickNullable(body.total_storage_bytes, current?.total_storage_bytes) || null,
    signature_expires_in: pick(
      body.signature_expires_in,
      current?.signature_expires_in,
      DEFAULT_SIGNATURE_EXPIRES_IN_S,
    ),
  };

  if (provider === 'local') {
    const root = pickNullable(body.root_path, stored?.root_path);
    if (!root) throw badRequest('body.root_path is required for local storage');
    return {
      values: {
        ...common,
        endpoint_url: null,
        bucket_name: null,
        region: null,
        access_key_id: null,
        path_style: false,
        default_folder: '',
        custom_host: null,
        root_path: localRootPath(root),
        proxy_downloads: true,
      },
      secret: null,
    };
  }

  const endpoint = pickNullable(body.endpoint_url, stored?.endpoint_url);
  if (!endpoint && provider !== 'aws')
    throw badRequest(`body.endpoint_url is required for ${provider} storage`);
  const bucket = pickNullable(body.bucket_name, stored?.bucket_name)?.trim();
  if (!bucket) throw badRequest('body.bucket_name is required for S3 storage');
  const bucketIssue = bucketProblem(bucket, provider);
  if (bucketIssue) throw badRequest(`body.bucket_name ${bucketIssue}`);
  const accessKeyId = pickNullable(body.access_key_id, stored?.access_key_id);
  if (!accessKeyId) throw badRequest('body.access_key_id is required for S3 storage');
  const secret = body.secret_access_key ?? undefined;
  if (secret === undefined && !stored?.secret_access_key_sealed)
    throw badRequest('body.secret_access_key is required for S3 storage');
  const customHost = pickNullable(body.custom_host, stored?.custom_host);
  return {
    values: {
      ...common,
      endpoint_url: endpoint ? httpUrl('endpoint_url', endpoint) : null,
      bucket_name: bucket,
      region: pickNullable(body.region, stored?.region) ?? (provider === 'r2' ? 'auto' : 'us-east-1'),
      access_key_id: accessKeyId,
      path_style: pick(
        body.path_style,
        stored ? Boolean(stored.path_style) : undefined,
        provider === 'minio' || provider === 'other',
      ),
      default_folder:
        body.default_folder !== undefined
          ? defaultFolder(body.default_folder)
          : (stored?.default_folder ?? ''),
      custom_host: customHost ? httpUrl('custom_host', customHost) : null,
      root_path: null,
      proxy_downloads: pick(body.proxy_downloads, stored ? Boolean(stored.proxy_downloads) : undefined, true),
    },
    secret,
  };
}
