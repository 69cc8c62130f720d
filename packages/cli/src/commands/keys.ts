/** `clip keys ls|create|rm`: API key management (admin). */
import type { ApiKey, CreateApiKeyBody } from '@clip/sdk';
import { customKeyProblem } from '@clip/sdk';
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { parseKeyExpiry } from '../services/durations.ts';
import { removeEach } from '../services/removeEach.ts';
import { withSession } from '../services/session.ts';
import { type Column, formatTable, shortTime, truncate } from '../table.ts';

const admin = { requireAuth: true };

function permissionList(
  key: Pick<ApiKey, 'text_permission' | 'file_permission' | 'mount_permission'>,
): string {
  const names = [
    key.text_permission && 'text',
    key.file_permission && 'file',
    key.mount_permission && 'mount',
  ];
  return names.filter(Boolean).join(',') || '-';
}

const KEY_COLUMNS: Column<ApiKey>[] = [
  { header: 'ID', value: (k) => k.id },
  { header: 'NAME', value: (k) => truncate(k.name, 24) },
  { header: 'PERMISSIONS', value: permissionList },
  { header: 'BASE PATH', value: (k) => truncate(k.basic_path, 24) },
  { header: 'EXPIRES', value: (k) => shortTime(k.expires_at, 'never') },
  { header: 'LAST USED', value: (k) => shortTime(k.last_used, 'never') },
];

export async function listKeys(options: GlobalOptions): Promise<void> {
  await withSession(options, admin, async ({ client }) => {
    const result = await client.apiKeys.list();
    if (options.json) return printJson(result);
    if (result.items.length === 0) return note('no API keys');
    return printLine(formatTable(result.items, KEY_COLUMNS));
  });
}

export interface CreateKeyOptions extends GlobalOptions {
  name: string;
  text?: boolean;
  file?: boolean;
  mount?: boolean;
  basicPath?: string;
  expires?: string;
  customKey?: string;
}

export async function createKey(options: CreateKeyOptions): Promise<void> {
  if (!options.name.trim()) throw new CliError('--name must not be empty');
  if (options.customKey !== undefined) {
    const problem = customKeyProblem(options.customKey);
    if (problem) throw new CliError(problem);
  }
  const body: CreateApiKeyBody = {
    name: options.name,
    text_permission: Boolean(options.text),
    file_permission: Boolean(options.file),
    mount_permission: Boolean(options.mount),
    expires_at: parseKeyExpiry(options.expires ?? 'never'),
    basic_path: options.basicPath ?? '/',
    custom_key: options.customKey,
  };
  await withSession(options, admin, async ({ client }) => {
    const key = await client.apiKeys.create(body);
    if (options.json) return printJson(key);
    note(
      `created API key "${key.name}" (${key.id}); permissions ${permissionList(key)}; expires ${key.expires_at ?? 'never'}`,
    );
    if (permissionList(key) === '-') note('note: this key has no permissions; add --text, --file or --mount');
    // Only the secret on stdout, so KEY=$(clip keys create ...) works.
    return printLine(key.key);
  });
}

export async function removeKeys(ids: string[], options: GlobalOptions): Promise<void> {
  await withSession(options, admin, ({ client }) =>
    removeEach(
      ids,
      options,
      'API key',
      (id) => client.apiKeys.remove(id),
      (many) => client.apiKeys.batchDelete(many),
    ),
  );
}
