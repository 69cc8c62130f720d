/**
 * Activity counters for the dashboard: one upsert per counted share view into share_views_daily.
 * Recording is best effort by design: a failure is logged and swallowed, never failing the read.
 */
import type { Knex } from 'knex';
import { type ShareKind, utcDay } from './activity.ts';

type Warn = (obj: object, msg: string) => void;

/**
 * Counts one view of a share of `kind` today. Resolves in every case (never rejects), so callers on a
 * read path may fire it without awaiting: `void recordView(knex, 'text')`.
 */
export async function recordView(
  knex: Knex,
  kind: ShareKind,
  options: { now?: number; warn?: Warn } = {},
): Promise<void> {
  try {
    await knex('share_views_daily')
      .insert({ day: utcDay(options.now ?? Date.now()), kind, count: 1 })
      .onConflict(['day', 'kind'])
      .merge({ count: knex.raw('share_views_daily.count + 1') });
  } catch (err) {
    options.warn?.({ err: String(err), kind }, 'could not record a share view');
  }
}
