/**
 * What a copy runner killed mid-write leaves in its targets: temp files (`.clip-tmp-*` on local storage)
 * that nothing will ever rename into place. The runner that takes the task over sweeps them when it
 * ends: those last touched before it claimed the task were written by a runner that is gone.
 */
import { unadmitted } from '../../services/admission/admittedDriver.ts';
import { canSweepTemp } from '../../storage/driver.ts';
import type { FsService } from '../types.ts';
import { HOUSEKEEPING } from './refreshListings.ts';

export async function sweepTempFiles(
  fs: FsService,
  targets: Iterable<string>,
  before: number,
): Promise<number> {
  let removed = 0;
  for (const target of targets) {
    const r = await fs.resolve(HOUSEKEEPING, target, 'write').catch(() => null);
    const driver = r && unadmitted(r.driver);
    if (r && driver && canSweepTemp(driver)) removed += await driver.sweepTempFiles(r.storagePath, before);
  }
  return removed;
}
