/** Answers of the login, credential-check and API key routes. */
import type { ApiKey } from '../apiKeys.ts';
import type { AdminTokenInfo, ApiKeyInfo, ApiKeyVerification, LoginResult, Permissions } from '../auth.ts';
import type { BatchDeleteResult } from '../common.ts';
import { bool, count, listOf, nullableStr, shapeOf, str } from './shape.ts';

export const loginResultSchema = shapeOf<LoginResult>()(
  { token: { type: 'string', minLength: 1 }, expires_at: str },
  ['token', 'expires_at'],
);

export const adminTokenInfoSchema = shapeOf<AdminTokenInfo>()({ valid: { const: true }, username: str }, [
  'valid',
  'username',
]);

export const permissionsSchema = shapeOf<Permissions>()({ text: bool, file: bool, mount: bool }, [
  'text',
  'file',
  'mount',
]);

export const apiKeyInfoSchema = shapeOf<ApiKeyInfo>()({ id: str, name: str, basic_path: str }, [
  'id',
  'name',
  'basic_path',
]);

export const apiKeyVerificationSchema = shapeOf<ApiKeyVerification>()(
  { permissions: permissionsSchema, key_info: apiKeyInfoSchema },
  ['permissions', 'key_info'],
);

export const apiKeySchema = shapeOf<ApiKey>()(
  {
    id: str,
    name: str,
    key: str,
    expires_at: nullableStr,
    text_permission: bool,
    file_permission: bool,
    mount_permission: bool,
    basic_path: str,
    last_used: nullableStr,
    created_at: str,
  },
  [
    'id',
    'name',
    'key',
    'expires_at',
    'text_permission',
    'file_permission',
    'mount_permission',
    'basic_path',
    'last_used',
    'created_at',
  ],
);
export const apiKeyListSchema = listOf(apiKeySchema);

/** Batch deletes of shares and keys: how many went, and why the others did not. */
export const batchDeleteResultSchema = shapeOf<BatchDeleteResult>()(
  {
    deleted: count,
    failed: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: str, message: str },
        required: ['id', 'message'],
        additionalProperties: false,
      },
    },
  },
  ['deleted', 'failed'],
);
