/** Deleting records by id: one call for one id, a batch for several; partial failure is a failure. */
import type { BatchDeleteResult } from '@clip/sdk';
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { counted } from './counted.ts';

export async function removeEach(
  ids: string[],
  options: GlobalOptions,
  noun: string,
  removeOne: (id: string) => Promise<unknown>,
  removeMany: (ids: string[]) => Promise<BatchDeleteResult>,
): Promise<void> {
  const unique = [...new Set(ids)];
  let result: BatchDeleteResult;
  if (unique.length === 1) {
    await removeOne(unique[0]);
    result = { deleted: 1, failed: [] };
  } else {
    result = await removeMany(unique);
  }
  if (options.json) await printJson(result);
  else await printLine(`deleted ${counted(result.deleted, noun)}`);
  for (const failure of result.failed) note(`${failure.id}: ${failure.message}`);
  if (result.failed.length > 0)
    throw new CliError(`${result.failed.length} of ${unique.length} could not be deleted`);
}
