import type { JSONSchemaType } from 'ajv';
import { WEBDAV_UPLOAD_MODES, type WebdavUploadMode } from '../constants.ts';
import { ACCESS_LOG_DAYS_MAX, ACCESS_LOG_IP_MODES, type AccessLogIpMode } from './accessLog.ts';

export interface SystemSettings {
  /** Megabytes. */
  max_upload_size: number;
  webdav_upload_mode: WebdavUploadMode;
  /** Megabytes: the largest folder a path share's "download all" ZIP may hold (refused before sending). */
  max_zip_size: number;
  /** How the access log keeps client addresses. */
  access_log_ip: AccessLogIpMode;
  /** Days access events are kept; 0 turns the access log off. */
  access_log_days: number;
}

export type UpdateSystemSettingsBody = Partial<SystemSettings>;
export const updateSystemSettingsBodySchema: JSONSchemaType<UpdateSystemSettingsBody> = {
  type: 'object',
  properties: {
    max_upload_size: { type: 'number', exclusiveMinimum: 0, maximum: 10_000_000, nullable: true },
    webdav_upload_mode: { type: 'string', enum: [...WEBDAV_UPLOAD_MODES], nullable: true },
    max_zip_size: { type: 'number', exclusiveMinimum: 0, maximum: 100_000_000, nullable: true },
    access_log_ip: { type: 'string', enum: [...ACCESS_LOG_IP_MODES], nullable: true },
    access_log_days: { type: 'integer', minimum: 0, maximum: ACCESS_LOG_DAYS_MAX, nullable: true },
  },
  additionalProperties: false,
  minProperties: 1,
};

export interface Health {
  status: 'ok';
  database: 'ok';
}

export interface VersionInfo {
  name: string;
  version: string;
}

export interface MaxUploadSize {
  max_upload_size: number;
}
