/**
 * The storage config form: state, provider switching with presets, validation (problem codes the
 * dialog translates) and the request body. The secret is write-only: blank on edit keeps the stored one.
 */
import type { CreateStorageConfigBody, StorageConfig, StorageProvider } from '@clip/sdk';
import { MAX_SIGNATURE_EXPIRES_IN_S } from '@clip/sdk';
import { endpointFor, PROVIDER_PRESETS } from './presets.ts';

export const CAPACITY_UNITS = { MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 } as const;
export type CapacityUnit = keyof typeof CAPACITY_UNITS;

export interface ConfigFormState {
  name: string;
  provider: StorageProvider;
  endpoint: string;
  region: string;
  bucket: string;
  pathStyle: boolean;
  accessKeyId: string;
  secret: string;
  defaultFolder: string;
  customHost: string;
  capacity: string;
  capacityUnit: CapacityUnit;
  isPublic: boolean;
  proxyDownloads: boolean;
  signatureExpiresIn: string;
  rootPath: string;
  isDefault: boolean;
}

export type ConfigField =
  | 'name'
  | 'endpoint'
  | 'region'
  | 'bucket'
  | 'accessKeyId'
  | 'secret'
  | 'customHost'
  | 'capacity'
  | 'signatureExpiresIn'
  | 'rootPath'
  | 'defaultFolder';
export type ConfigProblem =
  | 'required'
  | 'url'
  | 'url-extra'
  | 'bucket-strict'
  | 'bucket-relaxed'
  | 'region'
  | 'no-spaces'
  | 'capacity'
  | 'signature'
  | 'folder';
export type ConfigProblems = Partial<Record<ConfigField, ConfigProblem>>;

export function newConfigForm(provider: StorageProvider = 'aws'): ConfigFormState {
  return withProvider(
    {
      name: '',
      provider,
      endpoint: '',
      region: '',
      bucket: '',
      pathStyle: false,
      accessKeyId: '',
      secret: '',
      defaultFolder: '',
      customHost: '',
      capacity: '',
      capacityUnit: 'GB',
      isPublic: true,
      proxyDownloads: true,
      signatureExpiresIn: '3600',
      rootPath: 'storage',
      isDefault: false,
    },
    provider,
  );
}

/** Capacity in bytes shown in the largest unit that divides it. */
function capacityOf(bytes: number | null): { capacity: string; capacityUnit: CapacityUnit } {
  if (!bytes) return { capacity: '', capacityUnit: 'GB' };
  for (const unit of ['TB', 'GB'] as const)
    if (bytes % CAPACITY_UNITS[unit] === 0)
      return { capacity: String(bytes / CAPACITY_UNITS[unit]), capacityUnit: unit };
  return { capacity: String(Math.round((bytes / CAPACITY_UNITS.MB) * 100) / 100), capacityUnit: 'MB' };
}

export function editConfigForm(c: StorageConfig): ConfigFormState {
  return {
    name: c.name,
    provider: c.provider_type,
    endpoint: c.endpoint_url ?? '',
    region: c.region ?? '',
    bucket: c.bucket_name ?? '',
    pathStyle: c.path_style,
    accessKeyId: c.access_key_id ?? '',
    secret: '',
    defaultFolder: c.default_folder,
    customHost: c.custom_host ?? '',
    ...capacityOf(c.total_storage_bytes),
    isPublic: c.is_public,
    proxyDownloads: c.proxy_downloads,
    signatureExpiresIn: String(c.signature_expires_in),
    rootPath: c.root_path ?? '',
    isDefault: c.is_default,
  };
}

/** Switching provider applies its preset: endpoint pattern, region and path style. */
export function withProvider(state: ConfigFormState, provider: StorageProvider): ConfigFormState {
  if (provider === 'local') return { ...state, provider, pathStyle: false };
  const preset = PROVIDER_PRESETS[provider];
  return {
    ...state,
    provider,
    region: preset.region,
    endpoint: endpointFor(preset, preset.region),
    pathStyle: preset.pathStyle,
  };
}

/** A region change carries over into an endpoint that still follows the preset's pattern. */
export function withRegion(state: ConfigFormState, region: string): ConfigFormState {
  if (state.provider === 'local') return { ...state, region };
  const preset = PROVIDER_PRESETS[state.provider];
  const following =
    preset.endpoint.includes('{region}') && state.endpoint === endpointFor(preset, state.region);
  return { ...state, region, endpoint: following ? endpointFor(preset, region) : state.endpoint };
}

function urlProblem(raw: string): ConfigProblem | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'url';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url';
  if (url.username || url.password || url.search || url.hash) return 'url-extra';
  return null;
}

const STRICT_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const RELAXED_BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/;

function bucketProblem(bucket: string, provider: StorageProvider): ConfigProblem | null {
  if (provider === 'b2' || provider === 'other') return RELAXED_BUCKET.test(bucket) ? null : 'bucket-relaxed';
  if (!STRICT_BUCKET.test(bucket) || /\.\.|\.-|-\./.test(bucket) || /^\d{1,3}(\.\d{1,3}){3}$/.test(bucket))
    return 'bucket-strict';
  return null;
}

export function validateConfigForm(
  s: ConfigFormState,
  creating: boolean,
  hasStoredSecret: boolean,
): ConfigProblems {
  const p: ConfigProblems = {};
  if (!s.name.trim()) p.name = 'required';
  if (s.capacity.trim()) {
    const n = Number(s.capacity);
    if (!Number.isFinite(n) || n < 0 || n * CAPACITY_UNITS[s.capacityUnit] > Number.MAX_SAFE_INTEGER)
      p.capacity = 'capacity';
  }
  if (s.provider === 'local') {
    if (!s.rootPath.trim()) p.rootPath = 'required';
    return p;
  }
  if (!s.endpoint.trim()) {
    if (s.provider !== 'aws') p.endpoint = 'required';
  } else {
    const e = urlProblem(s.endpoint);
    if (e) p.endpoint = e;
  }
  if (s.region.trim() && !/^[A-Za-z0-9_-]+$/.test(s.region.trim())) p.region = 'region';
  const bucket = s.bucket.trim();
  if (!bucket) p.bucket = 'required';
  else {
    const b = bucketProblem(bucket, s.provider);
    if (b) p.bucket = b;
  }
  if (!s.accessKeyId.trim()) p.accessKeyId = 'required';
  else if (/\s/.test(s.accessKeyId.trim())) p.accessKeyId = 'no-spaces';
  if (!s.secret && (creating || !hasStoredSecret)) p.secret = 'required';
  else if (/\s/.test(s.secret)) p.secret = 'no-spaces';
  if (s.customHost.trim()) {
    const h = urlProblem(s.customHost);
    if (h) p.customHost = h;
  }
  const sig = Number(s.signatureExpiresIn);
  if (!/^\d+$/.test(s.signatureExpiresIn.trim()) || sig < 1 || sig > MAX_SIGNATURE_EXPIRES_IN_S)
    p.signatureExpiresIn = 'signature';
  if (
    s.defaultFolder
      .split('/')
      .some((seg, i, all) => seg === '..' || seg === '.' || (seg === '' && i > 0 && i < all.length - 1))
  )
    p.defaultFolder = 'folder';
  return p;
}

/** The body for create (all fields) or update (the same, minus a blank secret, which keeps the stored one). */
export function configBody(s: ConfigFormState, creating: boolean): CreateStorageConfigBody {
  const capacity = s.capacity.trim() ? Math.round(Number(s.capacity) * CAPACITY_UNITS[s.capacityUnit]) : null;
  const base: CreateStorageConfigBody = {
    name: s.name.trim(),
    provider_type: s.provider,
    is_public: s.isPublic,
    total_storage_bytes: capacity || null,
  };
  if (creating) base.is_default = s.isDefault;
  if (s.provider === 'local') return { ...base, root_path: s.rootPath.trim() };
  const body: CreateStorageConfigBody = {
    ...base,
    endpoint_url: s.endpoint.trim() || null,
    region: s.region.trim() || null,
    bucket_name: s.bucket.trim(),
    path_style: s.pathStyle,
    access_key_id: s.accessKeyId.trim(),
    default_folder: s.defaultFolder.trim().replace(/^\/+|\/+$/g, ''),
    custom_host: s.customHost.trim() || null,
    proxy_downloads: s.proxyDownloads,
    signature_expires_in: Number(s.signatureExpiresIn),
  };
  if (s.secret) body.secret_access_key = s.secret;
  return body;
}
