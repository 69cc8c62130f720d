/** `clip mounts ls|add|edit|rm|enable|disable` (admin; a key may list the mounts it can reach). */
import type { Mount, UpdateMountBody } from '@clip/sdk';
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { parseCount } from '../services/durations.ts';
import { withSession } from '../services/session.ts';
import { findStorage } from '../services/storageRef.ts';
import { type Column, formatTable, truncate } from '../table.ts';

const authenticated = { requireAuth: true };

const MOUNT_COLUMNS: Column<Mount>[] = [
  { header: 'ID', value: (m) => m.id },
  { header: 'PATH', value: (m) => m.mount_path },
  { header: 'NAME', value: (m) => m.name },
  { header: 'TYPE', value: (m) => m.storage_type },
  { header: 'ACTIVE', value: (m) => (m.is_active ? 'yes' : 'no') },
  { header: 'CACHE', value: (m) => `${m.cache_ttl}s` },
  { header: 'REMARK', value: (m) => truncate(m.remark, 30) },
];

export async function listMounts(options: GlobalOptions & { search?: string }): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const result = await client.mounts.list({ search: options.search });
    if (options.json) return printJson(result);
    if (result.items.length === 0) return note('no mounts (add one with `clip mounts add`)');
    await printLine(formatTable(result.items, MOUNT_COLUMNS));
  });
}

export interface MountFieldOptions extends GlobalOptions {
  name?: string;
  path?: string;
  storage?: string;
  remark?: string;
  sortOrder?: string;
  cacheTtl?: string;
  rootPrefix?: string;
  proxy?: boolean;
  disabled?: boolean;
}

function fields(options: MountFieldOptions): UpdateMountBody {
  const body: UpdateMountBody = {};
  if (options.name !== undefined) body.name = options.name;
  if (options.path !== undefined) body.mount_path = options.path;
  if (options.remark !== undefined) body.remark = options.remark;
  if (options.sortOrder !== undefined) body.sort_order = parseCount(options.sortOrder, '--sort-order');
  if (options.cacheTtl !== undefined) body.cache_ttl = parseCount(options.cacheTtl, '--cache-ttl');
  if (options.rootPrefix !== undefined) body.root_prefix = options.rootPrefix;
  if (options.proxy !== undefined) body.web_proxy = options.proxy;
  return body;
}

/** A mount by id, path or name. */
async function findMount(client: import('@clip/sdk').ClipClient, ref: string): Promise<Mount> {
  const all = (await client.mounts.list()).items;
  const found =
    all.find((m) => m.id === ref) ?? all.find((m) => m.mount_path === ref) ?? all.find((m) => m.name === ref);
  if (!found) throw new CliError(`no mount "${ref}" (see \`clip mounts ls\`)`);
  return found;
}

export async function addMount(options: MountFieldOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    if (!options.storage) throw new CliError('--storage <config> is needed (see `clip storage ls`)');
    const config = findStorage((await client.storageConfigs.list()).items, options.storage);
    const mount = await client.mounts.create({
      ...fields(options),
      name: options.name ?? '',
      mount_path: options.path ?? '',
      storage_type: config.provider_type === 'local' ? 'local' : 's3',
      storage_config_id: config.id,
      is_active: !options.disabled,
    });
    if (options.json) return printJson(mount);
    await printLine(mount.id);
    note(`mounted ${config.name} at ${mount.mount_path}`);
  });
}

export async function editMount(ref: string, options: MountFieldOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const mount = await findMount(client, ref);
    const body = fields(options);
    if (options.storage) {
      const config = findStorage((await client.storageConfigs.list()).items, options.storage);
      body.storage_config_id = config.id;
      body.storage_type = config.provider_type === 'local' ? 'local' : 's3';
    }
    if (Object.keys(body).length === 0)
      throw new CliError('nothing to change (see `clip mounts edit --help`)');
    const updated = await client.mounts.update(mount.id, body);
    if (options.json) return printJson(updated);
    await printLine(`${updated.mount_path} updated`);
  });
}

export async function setMountActive(ref: string, active: boolean, options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const mount = await findMount(client, ref);
    const updated = await client.mounts.setActive(mount.id, active);
    if (options.json) return printJson(updated);
    await printLine(`${updated.mount_path} ${active ? 'enabled' : 'disabled'}`);
  });
}

export async function removeMount(refs: string[], options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    for (const ref of refs) {
      const mount = await findMount(client, ref);
      await client.mounts.remove(mount.id);
      if (!options.json) await printLine(`${mount.mount_path} removed (stored objects kept)`);
    }
    if (options.json) await printJson({ removed: refs.length });
  });
}
