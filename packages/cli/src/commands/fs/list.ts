/** `clip ls [path]`, `clip cat <path>`, `clip mkdir [-p] <path>`, `clip link <path>`: the read and small-write commands. */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { FS_ITEM_TYPES, type FsItem, type FsListResult } from '@clip/sdk';
import type { GlobalOptions } from '../../globalOptions.ts';
import { note, printJson, printLine, writeOut } from '../../output.ts';
import { readAhead } from '../../services/readAhead.ts';
import { withSession } from '../../services/session.ts';
import { humanSize, normalizeVirtual, onPath, parseSeconds } from '../../services/virtualPath.ts';
import { shortTime } from '../../shortTime.ts';
import type { Column } from '../../table.ts';

const authenticated = { requireAuth: true };

// Widths are the widest values (an item type, `1023B`, `YYYY-MM-DD HH:MM`): `ls -l` prints as pages arrive.
const TYPE_WIDTH = Math.max('mount'.length, ...FS_ITEM_TYPES.map((t) => t.length));

/**
 * `ls -l`'s table. Loaded only for -l: the display-width tables it measures with cost a plain `ls`
 * ~30 ms of CPU at start (Intl.Segmenter and the emoji regexes of string-width).
 */
async function longTable() {
  const { streamedTable } = await import('../../table.ts');
  const columns: Column<FsItem>[] = [
    { header: 'TYPE', value: (i) => (i.is_mount ? 'mount' : i.type), width: TYPE_WIDTH },
    { header: 'SIZE', value: (i) => humanSize(i.size), width: 5 },
    { header: 'MODIFIED', value: (i) => shortTime(i.modified), width: 16 },
    { header: 'NAME', value: (i) => (i.type === 'folder' ? `${i.name}/` : i.name) },
  ];
  return streamedTable(columns);
}

const shortName = (i: FsItem) => (i.type === 'folder' ? `${i.name}/` : i.name);

/** `--json` as one document, `{ path, is_virtual, items, next_cursor: null }`, written item by item. */
async function printJsonPages(pages: AsyncIterable<FsListResult>): Promise<void> {
  const indent = (json: string) => json.replace(/\n/g, '\n    ');
  let opened = false;
  let any = false;
  for await (const page of pages) {
    if (!opened) {
      const head = JSON.stringify({ path: page.path, is_virtual: page.is_virtual }, null, 2).slice(0, -2);
      await writeOut(`${head},\n  "items": [`);
      opened = true;
    }
    if (page.items.length === 0) continue;
    const items = page.items.map((i) => `    ${indent(JSON.stringify(i, null, 2))}`).join(',\n');
    await writeOut(`${any ? ',' : ''}\n${items}`);
    any = true;
  }
  await writeOut(`${any ? '\n  ' : ''}],\n  "next_cursor": null\n}\n`);
}

export interface LsOptions extends GlobalOptions {
  long?: boolean;
  refresh?: boolean;
}

export async function ls(pathArg: string | undefined, options: LsOptions): Promise<void> {
  const path = normalizeVirtual(pathArg ?? '/');
  await withSession(options, authenticated, ({ client }) =>
    onPath(path, async () => {
      // A page is printed as it arrives, so a folder of 100,000 never sits whole in memory; the next is
      // asked for meanwhile (the server answers while this process prints).
      const pages = readAhead(client.fs.pages(path, { refresh: options.refresh }));
      if (options.json) return printJsonPages(pages);
      const table = options.long ? await longTable() : null;
      let printed = 0;
      for await (const page of pages) {
        if (page.items.length === 0) continue;
        if (table && printed === 0) await printLine(table.header);
        await printLine(table ? table.rows(page.items) : page.items.map(shortName).join('\n'));
        printed += page.items.length;
      }
      if (printed === 0) note(`${path}: empty folder`);
    }),
  );
}

export async function cat(paths: string[], options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    for (const raw of paths) {
      const path = normalizeVirtual(raw);
      await onPath(path, async () => {
        const res = await client.fs.openDownload(path);
        if (!res.body) return;
        await pipeline(Readable.fromWeb(res.body as NodeReadableStream), process.stdout, { end: false });
      });
    }
  });
}

export interface MkdirOptions extends GlobalOptions {
  parents?: boolean;
}

export async function mkdir(paths: string[], options: MkdirOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    for (const raw of paths) {
      const path = normalizeVirtual(raw);
      await onPath(path, async () => {
        try {
          const item = await client.fs.mkdir(path, { create_parents: options.parents });
          if (options.json) await printJson(item);
        } catch (err) {
          // -p: an existing folder is fine (mkdir -p semantics), an existing file is not.
          if (options.parents && (err as { status?: number }).status === 409) {
            const existing = await client.fs.get(path);
            if (existing.type === 'folder') return;
          }
          throw err;
        }
      });
    }
  });
}

export interface LinkOptions extends GlobalOptions {
  expires?: string;
  download?: boolean;
}

export async function link(raw: string, options: LinkOptions): Promise<void> {
  const path = normalizeVirtual(raw);
  const expiresIn = options.expires ? parseSeconds(options.expires, '--expires') : undefined;
  await withSession(options, authenticated, ({ client }) =>
    onPath(path, async () => {
      const result = await client.fs.fileLink(path, {
        expires_in: expiresIn,
        force_download: options.download || undefined,
      });
      if (options.json) return printJson(result);
      await printLine(result.url);
      note(`expires ${shortTime(result.expires_at)} UTC`);
    }),
  );
}
