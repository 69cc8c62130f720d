import type { JSONSchemaType } from 'ajv';
import { CUSTOM_KEY_MAX, CUSTOM_KEY_MIN } from '../constants.ts';
import { CUSTOM_KEY_PATTERN } from '../validation.ts';

export interface ApiKey {
  id: string;
  name: string;
  /** Shown to the admin only. */
  key: string;
  /** ISO time, null = never. */
  expires_at: string | null;
  text_permission: boolean;
  file_permission: boolean;
  mount_permission: boolean;
  basic_path: string;
  last_used: string | null;
  created_at: string;
}

export interface CreateApiKeyBody {
  name: string;
  expires_at?: string | null;
  text_permission?: boolean;
  file_permission?: boolean;
  mount_permission?: boolean;
  custom_key?: string;
  basic_path?: string;
}

const name = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
const expiresAt = { type: 'string', format: 'date-time', nullable: true } as const;
const basicPath = { type: 'string', minLength: 1, maxLength: 1024, nullable: true } as const;
const flag = { type: 'boolean', nullable: true } as const;

export const createApiKeyBodySchema: JSONSchemaType<CreateApiKeyBody> = {
  type: 'object',
  properties: {
    name,
    expires_at: expiresAt,
    text_permission: flag,
    file_permission: flag,
    mount_permission: flag,
    custom_key: {
      type: 'string',
      minLength: CUSTOM_KEY_MIN,
      maxLength: CUSTOM_KEY_MAX,
      pattern: CUSTOM_KEY_PATTERN,
      nullable: true,
    },
    basic_path: basicPath,
  },
  required: ['name'],
  additionalProperties: false,
};

export type UpdateApiKeyBody = Partial<Omit<CreateApiKeyBody, 'custom_key'>>;
export const updateApiKeyBodySchema: JSONSchemaType<UpdateApiKeyBody> = {
  type: 'object',
  properties: {
    name: { ...name, nullable: true },
    expires_at: expiresAt,
    text_permission: flag,
    file_permission: flag,
    mount_permission: flag,
    basic_path: basicPath,
  },
  additionalProperties: false,
  minProperties: 1,
};
