/**
 * The periodic sweep of the access log: events older than `access_log_days` (by the injected clock) are
 * deleted by one conditional DELETE, so processes sweeping the same database at once do no harm. With
 * the log off (0 days) everything goes.
 */
import type { SystemSettings } from '@clip/sdk/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../../clock.ts';
import type { AccessLogStore } from './accessLogStore.ts';

const DAY_MS = 24 * 3600 * 1000;

export function createAccessLogSweep(deps: {
  store: AccessLogStore;
  settings: { get(): Promise<SystemSettings> };
  clock: Clock;
  logger: Pick<Logger, 'info'>;
}) {
  return async function sweepAccessLog(): Promise<{ deleted: number }> {
    const { access_log_days } = await deps.settings.get();
    const deleted = await deps.store.deleteBefore(deps.clock.now() - access_log_days * DAY_MS + 1);
    if (deleted > 0) deps.logger.info({ deleted }, 'swept old access log events');
    return { deleted };
  };
}
