import type { JSONSchemaType } from 'ajv';
import { WEBDAV_UPLOAD_MODES, type WebdavUploadMode } from '../constants.ts';

export interface SystemSettings {
  /** Megabytes. */
  max_upload_size: number;
  webdav_upload_mode: WebdavUploadMode;
  /** Megabytes: the largest folder a path share's "download all" ZIP may hold (refused before sending). */
  max_zip_size: number;
}

export type UpdateSystemSettingsBody = Partial<SystemSettings>;
export const updateSystemSettingsBodySchema: JSONSchemaType<UpdateSystemSettingsBody> = {
  type: 'object',
  properties: {
    max_upload_size: { type: 'number', exclusiveMinimum: 0, maximum: 10_000_000, nullable: true },
    webdav_upload_mode: { type: 'string', enum: [...WEBDAV_UPLOAD_MODES], nullable: true },
    max_zip_size: { type: 'number', exclusiveMinimum: 0, maximum: 100_000_000, nullable: true },
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
