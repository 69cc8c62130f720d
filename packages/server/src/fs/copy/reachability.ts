/**
 * Can this server reach the storages of a batch copy? Before a copy runs on the server, each storage
 * config it touches is probed once with a cheap call (a listing of one entry) under a short time limit.
 * A storage that does not answer at all (connection refused, no such host, the time limit) is
 * unreachable, and the copy is answered as the spec's client-side copy instead. A storage that answers
 * with an HTTP error is reachable: the copy then reports that error per item.
 *
 * The probe is made per request, so no process keeps a verdict another process could disagree with.
 */
import type { CopyPair } from '@clip/sdk';
import type { Actor } from '../../services/actor.ts';
import type { StorageDriver } from '../../storage/driver.ts';
import { statusOf } from '../../tasks/transient.ts';
import type { FsService } from '../types.ts';

export const PROBE_TIMEOUT_MS = 3000;

/** Answers a reason when the driver cannot be reached, null when it answered (even with an error). */
export async function unreachableReason(
  driver: StorageDriver,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<string | null> {
  // Local storage is this server's own disk: a failure there is a storage error, not distance.
  if (driver.type !== 's3') return null;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([
      driver.list('', { limit: 1 }).then(() => 'answered' as const),
      timedOut,
    ]);
    return outcome === 'timeout' ? `no answer within ${timeoutMs} ms` : null;
  } catch (err) {
    // An HTTP status means the store answered; only a failure to talk to it at all counts.
    if (statusOf(err) !== null) return null;
    return (err as Error)?.message || String(err);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The storage configs of a copy's sources and targets this server cannot reach (id -> reason). Paths the
 * actor may not use fail here already, with the permission module's 4xx.
 */
export async function unreachableStorages(
  fs: FsService,
  actor: Actor,
  pairs: CopyPair[],
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<Map<string, string>> {
  const drivers = new Map<string, StorageDriver>();
  for (const pair of pairs) {
    const from = await fs.resolve(actor, pair.sourcePath, 'read');
    const to = await fs.resolve(actor, pair.targetPath, 'write');
    drivers.set(from.mount.storageConfigId, from.driver);
    drivers.set(to.mount.storageConfigId, to.driver);
  }
  const verdicts = await Promise.all(
    [...drivers].map(async ([id, driver]) => [id, await unreachableReason(driver, timeoutMs)] as const),
  );
  return new Map(verdicts.filter((v): v is readonly [string, string] => v[1] !== null));
}
