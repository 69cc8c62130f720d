/** `clip request <folder>`, `clip requests ls|rm`: upload requests on mount folders (links.md). */
import { formatBytes, slugProblem, type UploadRequestRecord } from '@clip/sdk';
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { parseByteSize } from '../services/byteSizes.ts';
import { counted } from '../services/counted.ts';
import { parseCount, parseShareExpiry } from '../services/durations.ts';
import { withSession } from '../services/session.ts';
import { type Column, formatTable, shortTime, truncate } from '../table.ts';

const authenticated = { requireAuth: true };

export interface CreateRequestOptions extends GlobalOptions {
  title?: string;
  message?: string;
  maxFiles?: string;
  maxSize?: string;
  total?: string;
  types?: string;
  expire?: string;
  password?: string;
  slug?: string;
}

/** `--expire` in the API's seconds: -1 for never. */
function expirySeconds(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const hours = parseShareExpiry(raw);
  return hours === undefined ? -1 : Math.round(hours * 3600);
}

function typesOf(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const types = raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => (t.includes('/') || t.startsWith('.') ? t : `.${t}`));
  for (const t of types)
    if (!/^(\.[^/\\\s]+|[\w.+-]+\/(\*|[\w.+-]+))$/.test(t))
      throw new CliError(`--types: "${t}" is neither an extension (.pdf) nor a MIME type (image/*)`);
  return types;
}

export async function createRequest(folder: string, options: CreateRequestOptions): Promise<void> {
  if (!folder.startsWith('/'))
    throw new CliError(`the folder is a virtual path starting with / (got "${folder}")`);
  if (options.slug !== undefined) {
    const problem = slugProblem(options.slug);
    if (problem) throw new CliError(problem);
  }
  if (options.password === '') throw new CliError('--password must not be empty');
  const body = {
    path: folder,
    slug: options.slug,
    title: options.title,
    message: options.message,
    password: options.password,
    expires_in: expirySeconds(options.expire),
    max_files:
      options.maxFiles === undefined ? undefined : parseCount(options.maxFiles, '--max-files') || null,
    max_file_bytes: options.maxSize === undefined ? undefined : parseByteSize(options.maxSize, '--max-size'),
    max_total_bytes: options.total === undefined ? undefined : parseByteSize(options.total, '--total'),
    allowed_types: typesOf(options.types),
  };
  await withSession(options, authenticated, async ({ client }) => {
    const created = await client.uploadRequests.create(body);
    if (options.json) return printJson(created);
    await printLine(created.url);
  });
}

const limitOf = (r: UploadRequestRecord): string => {
  const parts: string[] = [];
  if (r.limits.max_files !== null) parts.push(`${r.limits.max_files} files`);
  if (r.limits.max_file_bytes !== null) parts.push(`${formatBytes(r.limits.max_file_bytes)} each`);
  if (r.limits.max_total_bytes !== null) parts.push(`${formatBytes(r.limits.max_total_bytes)} in all`);
  if (r.limits.allowed_types.length > 0) parts.push(r.limits.allowed_types.join(' '));
  return parts.join(', ') || '-';
};

const REQUEST_COLUMNS: Column<UploadRequestRecord>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'SLUG', value: (r) => r.slug },
  { header: 'FOLDER', value: (r) => truncate(r.path, 32) },
  { header: 'TITLE', value: (r) => truncate(r.title ?? '', 20) },
  { header: 'RECEIVED', value: (r) => `${r.files_received} (${formatBytes(r.bytes_received)})` },
  { header: 'LIMITS', value: (r) => truncate(limitOf(r), 32) },
  { header: 'LOCKED', value: (r) => (r.requires_password ? 'yes' : '') },
  { header: 'EXPIRES', value: (r) => shortTime(r.expires_at, 'never') },
];

export async function listRequests(options: GlobalOptions & { limit?: string }): Promise<void> {
  const limit = options.limit === undefined ? 50 : Math.max(1, parseCount(options.limit, '--limit'));
  await withSession(options, authenticated, async ({ client }) => {
    const result = await client.uploadRequests.list({ limit });
    if (options.json) return printJson(result);
    if (result.items.length === 0) return note('no upload requests');
    await printLine(formatTable(result.items, REQUEST_COLUMNS));
    if (result.items.length < result.total) note(`showing ${result.items.length} of ${result.total}`);
  });
}

/** A request's id from its id, slug or link, among those the caller may see. */
function idOf(ref: string, requests: UploadRequestRecord[]): string {
  const slug = /\/r\/([A-Za-z0-9_-]+)\/?$/.exec(ref)?.[1] ?? ref;
  const found = requests.find((r) => r.id === ref || r.slug === slug);
  if (!found) throw new CliError(`no upload request "${ref}" (see \`clip requests ls\`)`);
  return found.id;
}

export async function removeRequests(refs: string[], options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const all = (await client.uploadRequests.list({ limit: 1000 })).items;
    const ids = [...new Set(refs.map((ref) => idOf(ref, all)))];
    for (const id of ids) await client.uploadRequests.remove(id);
    if (options.json) return printJson({ deleted: ids.length, failed: [] });
    await printLine(`closed ${counted(ids.length, 'upload request')}`);
  });
}
