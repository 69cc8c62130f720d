/** `clip ls [path]`, `clip cat <path>`, `clip mkdir [-p] <path>`, `clip link <path>`: the read and small-write commands. */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FsItem } from '@clip/sdk';
import type { GlobalOptions } from '../../globalOptions.ts';
import { note, printJson, printLine } from '../../output.ts';
import { withSession } from '../../services/session.ts';
import { humanSize, normalizeVirtual, onPath, parseSeconds } from '../../services/virtualPath.ts';
import { type Column, formatTable, shortTime } from '../../table.ts';

const authenticated = { requireAuth: true };

const LONG_COLUMNS: Column<FsItem>[] = [
  { header: 'TYPE', value: (i) => (i.is_mount ? 'mount' : i.type) },
  { header: 'SIZE', value: (i) => humanSize(i.size) },
  { header: 'MODIFIED', value: (i) => shortTime(i.modified) },
  { header: 'NAME', value: (i) => (i.type === 'folder' ? `${i.name}/` : i.name) },
];

export interface LsOptions extends GlobalOptions {
  long?: boolean;
  refresh?: boolean;
}

export async function ls(pathArg: string | undefined, options: LsOptions): Promise<void> {
  const path = normalizeVirtual(pathArg ?? '/');
  await withSession(options, authenticated, ({ client }) =>
    onPath(path, async () => {
      const result = await client.fs.listAll(path, { refresh: options.refresh });
      if (options.json) return printJson(result);
      if (result.items.length === 0) return note(`${path}: empty folder`);
      if (options.long) return printLine(formatTable(result.items, LONG_COLUMNS));
      return printLine(result.items.map((i) => (i.type === 'folder' ? `${i.name}/` : i.name)).join('\n'));
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
