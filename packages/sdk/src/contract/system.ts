import type { JSONSchemaType } from 'ajv';
import { WEBDAV_UPLOAD_MODES, type WebdavUploadMode } from '../constants.ts';

export interface SystemSettings {
  /** Megabytes. */
  max_upload_size: number;
  webdav_upload_mode: WebdavUploadMode;
}

export type UpdateSystemSettingsBody = Partial<SystemSettings>;
export const updateSystemSettingsBodySchema: JSONSchemaType<UpdateSystemSettingsBody> = {
  type: 'object',
  properties: {
    max_upload_size: { type: 'number', exclusiveMinimum: 0, maximum: 10_000_000, nullable: true },
    webdav_upload_mode: { type: 'string', enum: [...WEBDAV_UPLOAD_MODES], nullable: true },
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
