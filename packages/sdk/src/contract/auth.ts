import type { JSONSchemaType } from 'ajv';

export interface LoginBody {
  username: string;
  password: string;
}
export const loginBodySchema: JSONSchemaType<LoginBody> = {
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
  },
  required: ['username', 'password'],
  additionalProperties: false,
};

export interface LoginResult {
  token: string;
  expires_at: string;
}

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword?: string;
  newUsername?: string;
}
export const changePasswordBodySchema: JSONSchemaType<ChangePasswordBody> = {
  type: 'object',
  properties: {
    currentPassword: { type: 'string', minLength: 1, maxLength: 200 },
    newPassword: { type: 'string', minLength: 8, maxLength: 200, nullable: true },
    newUsername: { type: 'string', minLength: 1, maxLength: 100, pattern: '^\\S+$', nullable: true },
  },
  required: ['currentPassword'],
  additionalProperties: false,
};

export interface AdminTokenInfo {
  valid: true;
  username: string;
}

export interface Permissions {
  text: boolean;
  file: boolean;
  mount: boolean;
}

export interface ApiKeyInfo {
  id: string;
  name: string;
  basic_path: string;
}

export interface ApiKeyVerification {
  permissions: Permissions;
  key_info: ApiKeyInfo;
}
