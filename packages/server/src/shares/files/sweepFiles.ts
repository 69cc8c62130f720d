/**
 * The periodic sweep of file shares: expired shares, used-up shares once the links their last views gave
 * out have lapsed, and pending uploads past their deadline. The object goes first, then the record; a
 * store that cannot remove an object keeps its record for the next run. Several instances sweeping at
 * once do no harm: removing a missing object and deleting a deleted row are both no-ops.
 */
import type { Logger } from 'pino';
import { discardPending, type FileDeps } from './fileDeps.ts';
import type { FileManagement } from './fileManagement.ts';
import { LINK_TTL_S } from './shareRules.ts';

const BATCH = 500;

export interface FileSweepResult {
  deleted: number;
  failed: number;
}

export function createFileSweep(
  deps: FileDeps,
  management: Pick<FileManagement, 'deleteShare'>,
  logger: Pick<Logger, 'info' | 'warn'>,
) {
  return async function sweepFiles(now = deps.clock.now()): Promise<FileSweepResult> {
    const rows = await deps.repo.dead(now, LINK_TTL_S * 1000, BATCH);
    let deleted = 0;
    let failed = 0;
    for (const row of rows) {
      try {
        if (row.status === 'pending') {
          await discardPending(deps, row);
          if (await deps.repo.byId(row.id)) failed++;
          else deleted++;
        } else {
          // False: another instance's sweep or a user's delete is already removing it.
          if (await management.deleteShare(row)) deleted++;
        }
      } catch (err) {
        failed++;
        logger.warn({ err: String(err), id: row.id }, 'could not sweep a file share; will retry');
      }
    }
    if (deleted > 0 || failed > 0) logger.info({ deleted, failed }, 'swept file shares');
    return { deleted, failed };
  };
}
