import type { StorageProvider } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';

export function useProviderNames(): (p: StorageProvider) => string {
  const { t } = useLingui();
  return (p) => {
    switch (p) {
      case 'local':
        return t`Local folder`;
      case 'aws':
        return 'Amazon S3';
      case 'r2':
        return 'Cloudflare R2';
      case 'b2':
        return 'Backblaze B2';
      case 'minio':
        return 'MinIO';
      case 'aliyun':
        return t`Aliyun OSS`;
      default:
        return t`Other S3-compatible`;
    }
  };
}
