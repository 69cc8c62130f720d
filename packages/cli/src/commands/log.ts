/**
 * `clip log <link|slug|id>`: a share's access log, newest first (a key reads its own shares', the admin
 * every share's). Links and slugs are looked up in the caller's own lists, so nothing is opened (no view
 * counted); anything else is taken as a share id, whatever its kind.
 */
import { type AccessEvent, type AccessShareKind, type ClipClient, ClipError } from '@clip/sdk';
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { parseCount } from '../services/durations.ts';
import { parseFileShareRef } from '../services/fileShareRef.ts';
import { withSession } from '../services/session.ts';
import { parseShareRef } from '../services/shareRef.ts';
import { type Column, formatTable, shortTime, truncate } from '../table.ts';

export interface LogOptions extends GlobalOptions {
  limit?: string;
}

const EVENT_COLUMNS: Column<AccessEvent>[] = [
  { header: 'AT', value: (e) => shortTime(e.at) },
  { header: 'ACTION', value: (e) => e.action },
  { header: 'OUTCOME', value: (e) => e.outcome },
  { header: 'ADDRESS', value: (e) => e.ip ?? '-' },
  { header: 'BYTES', value: (e) => (e.bytes === null ? '' : String(e.bytes)) },
  { header: 'PATH', value: (e) => truncate(e.path ?? '', 30) },
  { header: 'CLIENT', value: (e) => truncate(e.user_agent ?? '', 40) },
];

interface Found {
  kind: AccessShareKind;
  id: string;
}

/** A kind's own list may be out of the caller's reach (a key without that permission): then it has none. */
async function ownMatch(
  kind: AccessShareKind,
  wanted: string,
  list: () => Promise<{ id: string; slug: string }[]>,
): Promise<Found | null> {
  try {
    const found = (await list()).find((s) => s.slug === wanted || s.id === wanted);
    return found ? { kind, id: found.id } : null;
  } catch (err) {
    if (err instanceof ClipError && err.status === 403) return null;
    throw err;
  }
}

async function findShare(client: ClipClient, ref: string): Promise<Found | { id: string }> {
  const texts = (search: string) => () => client.pastes.list({ search, limit: 50 }).then((r) => r.items);
  const files = (search: string) => () => client.files.list({ search, limit: 50 }).then((r) => r.items);
  const value = ref.trim();
  if (/^https?:\/\//i.test(value)) {
    const file = parseFileShareRef(value);
    const found = file
      ? await ownMatch('file', file.slug, files(file.slug))
      : await ownMatch('text', parseShareRef(value).slug, texts(parseShareRef(value).slug));
    if (!found) throw new CliError(`no share of yours behind ${value}`);
    return found;
  }
  return (
    (await ownMatch('text', value, texts(value))) ??
    (await ownMatch('file', value, files(value))) ?? { id: value }
  );
}

export async function showLog(ref: string, options: LogOptions): Promise<void> {
  const limit = options.limit === undefined ? 50 : Math.max(1, parseCount(options.limit, '--limit'));
  await withSession(options, { requireAuth: true }, async ({ client }) => {
    const share = await findShare(client, ref);
    const result = await client.accessLog.list({
      share_id: share.id,
      share_kind: 'kind' in share ? share.kind : undefined,
      limit: Math.min(limit, 1000),
    });
    if (options.json) return printJson(result);
    if (result.items.length === 0) return note(`no accesses recorded for ${ref}`);
    await printLine(formatTable(result.items, EVENT_COLUMNS));
    if (result.items.length < result.total)
      note(`showing the newest ${result.items.length} of ${result.total}; more with --limit`);
  });
}
