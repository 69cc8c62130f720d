/** `clip share <virtual path>` and `clip shares ls|rm`: links to a file or folder inside a mount. */
import type { PathShareRecord } from '@clip/sdk';
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { counted } from '../services/counted.ts';
import { parseCount, parseShareExpiry } from '../services/durations.ts';
import { withSession } from '../services/session.ts';
import { normalizeVirtual } from '../services/virtualPath.ts';
import { type Column, formatTable, shortTime, truncate } from '../table.ts';

const authenticated = { requireAuth: true };

export interface ShareOptions extends GlobalOptions {
  password?: string;
  expire?: string;
  maxViews?: string;
  slug?: string;
  remark?: string;
}

/** `--expire` as the API's seconds: `never` is -1, absent is the server's default. */
function expiresIn(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const hours = parseShareExpiry(raw);
  return hours === undefined ? -1 : Math.max(1, Math.round(hours * 3600));
}

export async function sharePath(path: string, options: ShareOptions): Promise<void> {
  const body = {
    path: normalizeVirtual(path),
    password: options.password,
    expires_in: expiresIn(options.expire),
    max_views: options.maxViews === undefined ? undefined : parseCount(options.maxViews, '--max-views'),
    slug: options.slug,
    remark: options.remark,
  };
  await withSession(options, authenticated, async ({ client }) => {
    const share = await client.pathShares.create(body);
    if (options.json) return printJson(share);
    await printLine(share.url);
  });
}

const COLUMNS: Column<PathShareRecord>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'SLUG', value: (s) => s.slug },
  { header: 'PATH', value: (s) => truncate(s.path, 40) },
  { header: 'KIND', value: (s) => s.kind },
  { header: 'VIEWS', value: (s) => (s.max_views ? `${s.views}/${s.max_views}` : String(s.views)) },
  { header: 'LOCKED', value: (s) => (s.requires_password ? 'yes' : '') },
  { header: 'EXPIRES', value: (s) => shortTime(s.expires_at, 'never') },
  { header: 'CREATED', value: (s) => shortTime(s.created_at) },
];

export interface ListSharesOptions extends GlobalOptions {
  path?: string;
  limit?: string;
  offset?: string;
}

export async function listPathShares(options: ListSharesOptions): Promise<void> {
  const limit = options.limit === undefined ? 50 : Math.max(1, parseCount(options.limit, '--limit'));
  const offset = options.offset === undefined ? 0 : parseCount(options.offset, '--offset');
  const path = options.path === undefined ? undefined : normalizeVirtual(options.path);
  await withSession(options, authenticated, async ({ client }) => {
    const result = await client.pathShares.list({ limit, offset, path });
    if (options.json) return printJson(result);
    if (result.items.length === 0) return note(offset > 0 ? 'no more path shares' : 'no path shares');
    await printLine(formatTable(result.items, COLUMNS));
    if (offset + result.items.length < result.total)
      note(`showing ${result.items.length} of ${result.total}; next: --offset ${offset + limit}`);
  });
}

/** The slug a link (`…/s/{slug}`) names, or the argument itself. */
const slugOrId = (ref: string): string => /\/s\/([^/?#]+)/.exec(ref)?.[1] ?? ref;

export async function removePathShares(refs: string[], options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const wanted = [...new Set(refs.map(slugOrId))];
    // Ids and slugs both name a share: read the caller's shares once to map each to its id.
    const mine: PathShareRecord[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await client.pathShares.list({ limit: 200, offset });
      mine.push(...page.items);
      if (page.items.length === 0 || mine.length >= page.total) break;
    }
    const ids = wanted.map((ref) => {
      const found = mine.find((s) => s.id === ref || s.slug === ref);
      if (!found) throw new CliError(`${ref}: no path share of yours has this id, slug or link`);
      return found.id;
    });
    for (const id of ids) await client.pathShares.remove(id);
    if (options.json) return printJson({ deleted: ids.length, failed: [] });
    await printLine(`deleted ${counted(ids.length, 'path share')}`);
  });
}
