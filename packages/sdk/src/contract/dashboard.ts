/** The admin dashboard: counts, storage usage per storage config and the last 7 days of activity. */

/** Shares split by state: expired covers both passed expiry and reached view limit. */
export interface ShareCounts {
  total: number;
  active: number;
  expired: number;
}

export interface StorageUsage {
  storage_config_id: string;
  name: string;
  provider_type: string;
  is_default: boolean;
  /** Sum of the sizes of the file shares stored there. */
  used_bytes: number;
  file_count: number;
  /** The config's declared capacity (total_storage_bytes); null when not set. */
  total_bytes: number | null;
}

/** One UTC calendar day of activity. */
export interface ActivityDay {
  /** 'YYYY-MM-DD' (UTC). */
  date: string;
  text_created: number;
  file_created: number;
  text_views: number;
  file_views: number;
}

export interface DashboardStats {
  text_shares: ShareCounts;
  file_shares: ShareCounts;
  /** Keys split by expiry (active = never expires or not yet expired). */
  api_keys: ShareCounts;
  storage_configs: number;
  mounts: number;
  storage: StorageUsage[];
  /** The last 7 UTC days, oldest first, today last; days without activity are zeros. */
  activity: ActivityDay[];
  generated_at: string;
}

export interface CacheClearResult {
  /** How many cached entries were dropped. */
  cleared: number;
}
