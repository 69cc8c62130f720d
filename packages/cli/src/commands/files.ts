/** `clip files ls|rm`: file share management (a key sees its own, the admin all). */
import { type FileRecord, formatBytes } from '@clip/sdk';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { parseCount } from '../services/durations.ts';
import { removeEach } from '../services/removeEach.ts';
import { withSession } from '../services/session.ts';
import { resolveShareIds } from '../services/shareIds.ts';
import { type Column, formatTable, shortTime, truncate } from '../table.ts';

const authenticated = { requireAuth: true };

const FILE_COLUMNS: Column<FileRecord>[] = [
  { header: 'ID', value: (f) => f.id },
  { header: 'SLUG', value: (f) => f.slug },
  { header: 'NAME', value: (f) => truncate(f.filename, 32) },
  { header: 'SIZE', value: (f) => formatBytes(f.size) },
  { header: 'VIEWS', value: (f) => (f.max_views ? `${f.views}/${f.max_views}` : String(f.views)) },
  { header: 'LOCKED', value: (f) => (f.has_password ? 'yes' : '') },
  { header: 'EXPIRES', value: (f) => shortTime(f.expires_at, 'never') },
  { header: 'CREATED', value: (f) => shortTime(f.created_at) },
];

export interface ListFilesOptions extends GlobalOptions {
  search?: string;
  page?: string;
  limit?: string;
}

export async function listFiles(options: ListFilesOptions): Promise<void> {
  // Paged like `clip pastes ls` (--page, --limit); the API itself takes an offset.
  const page = options.page === undefined ? 1 : Math.max(1, parseCount(options.page, '--page'));
  const limit = options.limit === undefined ? 50 : Math.max(1, parseCount(options.limit, '--limit'));
  await withSession(options, authenticated, async ({ client }) => {
    const result = await client.files.list({ limit, offset: (page - 1) * limit, search: options.search });
    if (options.json) return printJson(result);
    if (result.items.length === 0) return note(page > 1 ? `no shares on page ${page}` : 'no file shares');
    await printLine(formatTable(result.items, FILE_COLUMNS));
    const shown = (page - 1) * limit + result.items.length;
    if (shown < result.total)
      note(`showing ${result.items.length} of ${result.total}; next: --page ${page + 1}`);
  });
}

export async function removeFiles(refs: string[], options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) =>
    removeEach(
      await resolveShareIds(
        refs,
        'file',
        async (search) => (await client.files.list({ search, limit: 50 })).items,
      ),
      options,
      'file share',
      (id) => client.files.remove(id),
      (many) => client.files.batchDelete(many),
    ),
  );
}
