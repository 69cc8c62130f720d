/**
 * Reading the access log: the admin reads every share's events, a key those of the shares it made
 * (links.md); newest first, with filters and paging, or as CSV. A read first writes this process's queued
 * events, so a client reads what its own last requests recorded.
 */
import type { AccessEvent, AccessLogQuery } from '@clip/sdk/contract';
import { PAGE_SIZE_ACCESS_LOG } from '@clip/sdk/contract';
import type { Actor } from '../../../services/actor.ts';
import { ownerFilter } from '../../../services/permissions.ts';
import { iso } from '../../../services/time.ts';
import type { AccessLogFilter, AccessLogRow, AccessLogStore } from './accessLogStore.ts';
import type { AccessRecorder } from './accessRecorder.ts';

/** A CSV export without `limit` holds at most this many events, read a page at a time. */
export const CSV_MAX_EVENTS = 100_000;
const CSV_PAGE = 1000;
const CSV_COLUMNS = [
  'at',
  'share_kind',
  'share_id',
  'action',
  'outcome',
  'ip',
  'user_agent',
  'bytes',
  'path',
  'id',
] as const satisfies readonly (keyof AccessEvent)[];

export function toEvent(row: AccessLogRow): AccessEvent {
  return {
    id: row.id,
    share_kind: row.share_kind,
    share_id: row.share_id,
    at: iso(row.at),
    action: row.action,
    outcome: row.outcome,
    ip: row.ip,
    user_agent: row.user_agent,
    bytes: row.bytes === null ? null : Number(row.bytes),
    path: row.path,
  };
}

/** One CSV field (RFC 4180), with spreadsheet formulas defused: a user agent is anyone's text. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

export function createAccessLogService(deps: { store: AccessLogStore; recorder: AccessRecorder }) {
  const filterFor = (actor: Actor, query: AccessLogQuery): AccessLogFilter => ({
    owners: ownerFilter(actor),
    share_kind: query.share_kind,
    share_id: query.share_id,
    action: query.action,
    outcome: query.outcome,
  });

  return {
    async list(actor: Actor, query: AccessLogQuery) {
      await deps.recorder.flush();
      const limit = query.limit ?? PAGE_SIZE_ACCESS_LOG;
      const offset = query.offset ?? 0;
      const { rows, total } = await deps.store.list(filterFor(actor, query), { limit, offset });
      return { items: rows.map(toEvent), total, limit, offset };
    },

    /** The events as CSV lines (a header first), read page by page so memory stays bounded. */
    async *csv(actor: Actor, query: AccessLogQuery): AsyncGenerator<string> {
      await deps.recorder.flush();
      const filter = filterFor(actor, query);
      const end = (query.offset ?? 0) + (query.limit ?? CSV_MAX_EVENTS);
      yield csvLine([...CSV_COLUMNS]);
      for (let offset = query.offset ?? 0; offset < end; offset += CSV_PAGE) {
        const limit = Math.min(CSV_PAGE, end - offset);
        const { rows } = await deps.store.list(filter, { limit, offset });
        if (rows.length > 0)
          yield rows.map((row) => csvLine(CSV_COLUMNS.map((c) => toEvent(row)[c]))).join('');
        if (rows.length < limit) return;
      }
    },
  };
}

export type AccessLogService = ReturnType<typeof createAccessLogService>;
