/**
 * The periodic sweep of text shares: expired and used-up shares are deleted by one conditional DELETE,
 * so several server instances sweeping the same database at once do no harm.
 */
import type { Logger } from 'pino';
import type { PasteService } from './pasteService.ts';

export interface SweepResult {
  deleted: number;
}

export function createPasteSweep(pastes: Pick<PasteService, 'removeDead'>, logger: Pick<Logger, 'info'>) {
  return async function sweepPastes(): Promise<SweepResult> {
    const deleted = await pastes.removeDead();
    if (deleted > 0) logger.info({ deleted }, 'swept expired and used-up text shares');
    return { deleted };
  };
}
