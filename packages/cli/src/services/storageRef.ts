/** Turns `--storage <id or name>` into a config the upload can target, with what it can do. */
import { type ClipClient, capabilitiesOf, type StorageCapabilities, type StorageConfigView } from '@clip/sdk';
import { CliError } from '../errors.ts';

export interface PickedStorage {
  id: string;
  name: string;
  capabilities: StorageCapabilities;
}

/** Finds a config by id, else by name (exact, then case-insensitive); ambiguity is an error. */
export function findStorage(configs: readonly StorageConfigView[], ref: string): StorageConfigView {
  const byId = configs.find((c) => c.id === ref);
  if (byId) return byId;
  const exact = configs.filter((c) => c.name === ref);
  const named = exact.length ? exact : configs.filter((c) => c.name.toLowerCase() === ref.toLowerCase());
  if (named.length === 1) return named[0];
  if (named.length > 1) throw new CliError(`several storage configs are named "${ref}": use its id`);
  const known = configs.map((c) => c.name).join(', ') || 'none you may use';
  throw new CliError(`no storage config "${ref}" (known: ${known})`);
}

export async function resolveStorage(client: ClipClient, ref: string): Promise<PickedStorage> {
  const { items } = await client.storageConfigs.list();
  const config = findStorage(items, ref);
  return { id: config.id, name: config.name, capabilities: capabilitiesOf(config.provider_type) };
}
