/** `clip pastes ls|rm|clear-expired`: text share management (a key sees its own, the admin all). */
import type { PasteListItem } from '@clip/sdk';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { counted } from '../services/counted.ts';
import { parseCount } from '../services/durations.ts';
import { removeEach } from '../services/removeEach.ts';
import { withSession } from '../services/session.ts';
import { resolveShareIds } from '../services/shareIds.ts';
import { type Column, formatTable, shortTime, truncate } from '../table.ts';

const authenticated = { requireAuth: true };

const PASTE_COLUMNS: Column<PasteListItem>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'SLUG', value: (p) => p.slug },
  { header: 'TITLE', value: (p) => truncate(p.title || p.remark, 24) },
  { header: 'FORMAT', value: (p) => p.format },
  { header: 'VIEWS', value: (p) => (p.max_views ? `${p.views}/${p.max_views}` : String(p.views)) },
  { header: 'LOCKED', value: (p) => (p.has_password ? 'yes' : '') },
  { header: 'EXPIRES', value: (p) => shortTime(p.expires_at, 'never') },
  { header: 'CREATED', value: (p) => shortTime(p.created_at) },
];

export interface ListPastesOptions extends GlobalOptions {
  search?: string;
  page?: string;
  limit?: string;
}

export async function listPastes(options: ListPastesOptions): Promise<void> {
  const page = options.page === undefined ? 1 : Math.max(1, parseCount(options.page, '--page'));
  const limit = options.limit === undefined ? 50 : Math.max(1, parseCount(options.limit, '--limit'));
  await withSession(options, authenticated, async ({ client }) => {
    const result = await client.pastes.list({ page, limit, search: options.search });
    if (options.json) return printJson(result);
    if (result.items.length === 0) return note(page > 1 ? `no shares on page ${page}` : 'no text shares');
    await printLine(formatTable(result.items, PASTE_COLUMNS));
    const shown = (page - 1) * limit + result.items.length;
    if (shown < result.total)
      note(`showing ${result.items.length} of ${result.total}; next: --page ${page + 1}`);
  });
}

export async function removePastes(refs: string[], options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) =>
    removeEach(
      await resolveShareIds(
        refs,
        'text',
        async (search) => (await client.pastes.list({ search, limit: 50 })).items,
      ),
      options,
      'text share',
      (id) => client.pastes.remove(id),
      (many) => client.pastes.batchDelete(many),
    ),
  );
}

export async function clearExpiredPastes(options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const result = await client.pastes.clearExpired();
    if (options.json) return printJson(result);
    return printLine(`removed ${counted(result.deleted, 'expired text share')}`);
  });
}
