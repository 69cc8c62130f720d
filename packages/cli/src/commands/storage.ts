/** `clip storage ls|add|test|default`: storage configs (admin; a key lists the public ones). */
import {
  type CreateStorageConfigBody,
  isFullStorageConfig,
  STORAGE_PROVIDERS,
  type StorageConfigView,
  type StorageProvider,
} from '@clip/sdk';
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { withSession } from '../services/session.ts';
import { findStorage } from '../services/storageRef.ts';
import { type Column, formatTable } from '../table.ts';

const authenticated = { requireAuth: true };

function location(c: StorageConfigView): string {
  if (!isFullStorageConfig(c)) return '';
  if (c.provider_type === 'local') return c.root_path ?? '';
  const folder = c.default_folder ? `/${c.default_folder}` : '';
  return `${c.endpoint_url ?? 'aws'} ${c.bucket_name ?? ''}${folder}`;
}

const STORAGE_COLUMNS: Column<StorageConfigView>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'NAME', value: (c) => c.name },
  { header: 'PROVIDER', value: (c) => c.provider_type },
  { header: 'DEFAULT', value: (c) => (c.is_default ? 'yes' : '') },
  { header: 'PUBLIC', value: (c) => (c.is_public ? 'yes' : '') },
  { header: 'LOCATION', value: location },
];

export async function listStorage(options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const result = await client.storageConfigs.list();
    if (options.json) return printJson(result);
    if (result.items.length === 0) return note('no storage configs');
    await printLine(formatTable(result.items, STORAGE_COLUMNS));
  });
}

export interface AddStorageOptions extends GlobalOptions {
  name: string;
  provider?: string;
  endpoint?: string;
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  pathStyle?: boolean;
  defaultFolder?: string;
  public?: boolean;
  default?: boolean;
  rootPath?: string;
}

/** The create body; the secret may come from the environment so it stays out of shell history. */
export function storageBody(
  options: AddStorageOptions,
  env: NodeJS.ProcessEnv = process.env,
): CreateStorageConfigBody {
  const provider = (options.provider ?? (options.rootPath ? 'local' : 'other')) as StorageProvider;
  if (!STORAGE_PROVIDERS.includes(provider))
    throw new CliError(
      `--provider must be one of ${STORAGE_PROVIDERS.join(', ')} (got "${options.provider}")`,
    );
  if (provider === 'local') {
    if (!options.rootPath) throw new CliError('a local config needs --root-path');
    return {
      name: options.name,
      provider_type: 'local',
      root_path: options.rootPath,
      is_public: options.public,
      is_default: options.default,
    };
  }
  if (!options.bucket) throw new CliError('an S3 config needs --bucket');
  if (!options.endpoint && provider !== 'aws')
    throw new CliError('an S3 config needs --endpoint (except --provider aws)');
  const secret = options.secretAccessKey ?? env.CLIP_S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY;
  const accessKeyId = options.accessKeyId ?? env.CLIP_S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID;
  return {
    name: options.name,
    provider_type: provider,
    endpoint_url: options.endpoint,
    bucket_name: options.bucket,
    region: options.region,
    access_key_id: accessKeyId,
    secret_access_key: secret,
    path_style: options.pathStyle,
    default_folder: options.defaultFolder,
    is_public: options.public,
    is_default: options.default,
  };
}

export async function addStorage(options: AddStorageOptions): Promise<void> {
  const body = storageBody(options);
  await withSession(options, authenticated, async ({ client }) => {
    const created = await client.storageConfigs.create(body);
    if (options.json) return printJson(created);
    await printLine(created.id);
    note(
      `added storage config "${created.name}" (${created.provider_type})${created.is_default ? ', the default' : ''}`,
    );
  });
}

export async function testStorage(ref: string, options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const config = findStorage((await client.storageConfigs.list()).items, ref);
    const result = await client.storageConfigs.test(config.id);
    if (options.json) await printJson(result);
    else
      for (const step of result.steps)
        await printLine(
          `${step.ok ? 'ok  ' : 'FAIL'} ${step.name.padEnd(6)} ${String(step.ms).padStart(5)} ms  ${step.message}`,
        );
    if (!result.ok) throw new CliError(`storage config "${config.name}" failed its test`);
  });
}

export async function setDefaultStorage(ref: string, options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const config = findStorage((await client.storageConfigs.list()).items, ref);
    const updated = await client.storageConfigs.setDefault(config.id);
    if (options.json) return printJson(updated);
    await printLine(`"${updated.name}" is now the default storage config`);
  });
}
