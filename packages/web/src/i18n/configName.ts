/**
 * The storage config seeded at first start is stored as "Local storage" (migration 003): shown in the
 * interface language while the admin has not renamed it. Any other name is the admin's own and shown as is.
 */
import { t } from '@lingui/core/macro';

export const SEEDED_CONFIG_NAME = 'Local storage';

export function configDisplayName(config: { name: string; provider_type?: string }): string {
  if (config.name === SEEDED_CONFIG_NAME && (config.provider_type ?? 'local') === 'local')
    return t`Local storage`;
  return config.name;
}
