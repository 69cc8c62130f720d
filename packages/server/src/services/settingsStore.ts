/** System settings stored as key/value rows; defaults apply until the admin changes them. */
import {
  ACCESS_LOG_DAYS_DEFAULT,
  MAX_UPLOAD_SIZE_FALLBACK_MB,
  type SystemSettings,
  type UpdateSystemSettingsBody,
} from '@clip/sdk/contract';
import type { Knex } from 'knex';
import { loadModels } from '../db/models/loadModels.ts';

/** A path share's ZIP of at most 10 GiB by default: a big folder is better fetched file by file or over WebDAV. */
export const MAX_ZIP_SIZE_DEFAULT_MB = 10 * 1024;

const DEFAULTS: SystemSettings = {
  max_upload_size: MAX_UPLOAD_SIZE_FALLBACK_MB,
  webdav_upload_mode: 'auto',
  max_zip_size: MAX_ZIP_SIZE_DEFAULT_MB,
  access_log_ip: 'anonymized',
  access_log_days: ACCESS_LOG_DAYS_DEFAULT,
};

export interface SettingsStore {
  get(): Promise<SystemSettings>;
  update(body: UpdateSystemSettingsBody): Promise<SystemSettings>;
  /** The upload limit in bytes. */
  maxUploadBytes(): Promise<number>;
  /** The largest ZIP a path share streams, in bytes. */
  maxZipBytes(): Promise<number>;
}

export function createSettingsStore(knex: Knex): SettingsStore {
  async function get(): Promise<SystemSettings> {
    const rows = await (await loadModels()).SettingModel.query(knex).select('key', 'value');
    const settings: SystemSettings = { ...DEFAULTS };
    for (const { key, value } of rows)
      if (key in DEFAULTS) (settings as unknown as Record<string, unknown>)[key] = JSON.parse(value);
    return settings;
  }
  return {
    get,
    async update(body) {
      for (const [key, value] of Object.entries(body)) {
        if (value === undefined) continue;
        await knex('system_settings')
          .insert({ key, value: JSON.stringify(value) })
          .onConflict('key')
          .merge();
      }
      return get();
    },
    async maxUploadBytes() {
      return Math.floor((await get()).max_upload_size * 1024 * 1024);
    },
    async maxZipBytes() {
      return Math.floor((await get()).max_zip_size * 1024 * 1024);
    },
  };
}
