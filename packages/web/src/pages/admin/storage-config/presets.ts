/**
 * Provider presets: picking a provider prefills the endpoint pattern, region and addressing style
 * its S3 API expects. `{region}` in a pattern is replaced by the region field.
 */
import type { StorageProvider } from '@clip/sdk';

export interface ProviderPreset {
  /** Endpoint with `{region}`; empty when the provider needs none (AWS) or it is account-specific. */
  endpoint: string;
  /** Shown as the endpoint placeholder when nothing can be prefilled. */
  endpointExample: string;
  region: string;
  pathStyle: boolean;
}

export const PROVIDER_PRESETS: Record<Exclude<StorageProvider, 'local'>, ProviderPreset> = {
  aws: {
    endpoint: '',
    endpointExample: 'https://s3.{region}.amazonaws.com',
    region: 'us-east-1',
    pathStyle: false,
  },
  r2: {
    endpoint: '',
    endpointExample: 'https://<account-id>.r2.cloudflarestorage.com',
    region: 'auto',
    pathStyle: false,
  },
  b2: {
    endpoint: 'https://s3.{region}.backblazeb2.com',
    endpointExample: 'https://s3.us-west-004.backblazeb2.com',
    region: 'us-west-004',
    pathStyle: false,
  },
  minio: {
    endpoint: 'http://127.0.0.1:9000',
    endpointExample: 'http://minio.example.com:9000',
    region: 'us-east-1',
    pathStyle: true,
  },
  aliyun: {
    endpoint: 'https://oss-{region}.aliyuncs.com',
    endpointExample: 'https://oss-cn-hangzhou.aliyuncs.com',
    region: 'cn-hangzhou',
    pathStyle: false,
  },
  other: { endpoint: '', endpointExample: 'https://s3.example.com', region: 'us-east-1', pathStyle: true },
};

export const endpointFor = (preset: ProviderPreset, region: string): string =>
  preset.endpoint.replaceAll('{region}', region || preset.region);

export const exampleFor = (preset: ProviderPreset, region: string): string =>
  preset.endpointExample.replaceAll('{region}', region || preset.region);
