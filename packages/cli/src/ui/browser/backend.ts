/**
 * What the browser needs from the server, as one small interface: the app stays independent of the SDK
 * (component tests give it an in-memory backend; `clientBackend` is the real one over the SDK).
 */
import { basename } from 'node:path';
import type { ClipClient, FsItem } from '@clip/sdk';
import { fileDownloadSink, fileSource } from '@clip/sdk/node';
import { counted } from '../../services/counted.ts';
import { PARTS_IN_FLIGHT } from '../../services/uploadSettings.ts';
import { joinPath as join } from './format.ts';

export interface ShareRow {
  id: string;
  slug: string;
  title: string;
  detail: string;
  url: string;
}

export type Progress = (text: string) => void;

export interface BrowserBackend {
  list(path: string, refresh?: boolean): Promise<FsItem[]>;
  /** Up to `limit` bytes of a file as text. */
  previewText(path: string, limit: number): Promise<string>;
  download(path: string, dest: string, progress: Progress): Promise<string>;
  upload(local: string, folder: string, progress: Progress): Promise<void>;
  copy(paths: string[], folder: string, progress: Progress): Promise<string>;
  move(paths: string[], folder: string, progress: Progress): Promise<string>;
  rename(path: string, newPath: string): Promise<void>;
  remove(paths: string[]): Promise<string>;
  mkdir(path: string): Promise<void>;
  link(path: string): Promise<string>;
  textShares(): Promise<ShareRow[]>;
  fileShares(): Promise<ShareRow[]>;
  shareContent(kind: 'text' | 'file', row: ShareRow): Promise<string>;
  removeShare(kind: 'text' | 'file', id: string): Promise<void>;
  createTextShare(content: string): Promise<string>;
}

const percent = (n: number) => `${Math.round(n)}%`;

export function clientBackend(client: ClipClient, server: string): BrowserBackend {
  const copyInto = async (paths: string[], folder: string, progress: Progress) => {
    const report = await client.fs.copy(
      paths.map((p) => ({ sourcePath: p, targetPath: join(folder, basename(p)) })),
      {
        skipExisting: false,
        onProgress: (p) =>
          progress(
            p.task
              ? `task ${p.task.id}: ${percent(p.task.progress)} ${p.task.current_file ?? ''}`
              : `copying ${p.done}/${p.total}`,
          ),
      },
    );
    const failed = report.failed.length + (report.task && report.task.status !== 'completed' ? 1 : 0);
    if (failed > 0) throw new Error(report.failed[0]?.error ?? `task ${report.task?.status}`);
    return `${report.copied} copied, ${report.skipped} skipped`;
  };
  return {
    async list(path, refresh) {
      return (await client.fs.listAll(path, { refresh })).items;
    },
    async previewText(path, limit) {
      const res = await client.fs.openDownload(path, { range: `bytes=0-${limit - 1}` });
      return new TextDecoder('utf-8', { fatal: false }).decode(await res.arrayBuffer());
    },
    async download(path, dest, progress) {
      return client.fs.download(path, fileDownloadSink(dest), {
        onProgress: (p) => progress(`downloading ${basename(path)} ${percent(p.percent)}`),
      });
    },
    async upload(local, folder, progress) {
      await client.fs.upload(folder, await fileSource(local), {
        concurrency: PARTS_IN_FLIGHT,
        onProgress: (p) => progress(`uploading ${basename(local)} ${percent(p.percent)}`),
      });
    },
    copy: copyInto,
    async move(paths, folder, progress) {
      const across: string[] = [];
      for (const p of paths) {
        try {
          await client.fs.rename(p, join(folder, basename(p)));
        } catch (err) {
          if ((err as { status?: number }).status === 400) across.push(p);
          else throw err;
        }
      }
      if (across.length > 0) {
        await copyInto(across, folder, progress);
        await client.fs.batchRemove(across);
      }
      return `${paths.length} moved`;
    },
    async rename(path, newPath) {
      await client.fs.rename(path, newPath);
    },
    async remove(paths) {
      const result = await client.fs.batchRemove(paths);
      const taskId = (result as { task_id?: string }).task_id;
      if (taskId) return `deleting as task ${taskId}`;
      if (result.failed.length > 0) throw new Error(`${result.failed[0].path}: ${result.failed[0].error}`);
      return `${result.removed.length} removed`;
    },
    async mkdir(path) {
      await client.fs.mkdir(path);
    },
    async link(path) {
      return (await client.fs.fileLink(path)).url;
    },
    async textShares() {
      const { items } = await client.pastes.list({ limit: 100 });
      return items.map((p) => ({
        id: p.id,
        slug: p.slug,
        title: p.title || p.remark || p.slug,
        detail: `${p.format}  ${counted(p.views, 'view')}`,
        url: `${server}/paste/${p.slug}`,
      }));
    },
    async fileShares() {
      const { items } = await client.files.list({ limit: 100 });
      return items.map((f) => ({
        id: f.id,
        slug: f.slug,
        title: f.filename,
        detail: `${f.mimetype}  ${counted(f.size, 'byte')}`,
        url: `${server}/file/${f.slug}`,
      }));
    },
    async shareContent(kind, row) {
      if (kind === 'text') return client.pastes.raw(row.slug);
      return `${row.title}\n${row.detail}\n${row.url}`;
    },
    async removeShare(kind, id) {
      if (kind === 'text') await client.pastes.remove(id);
      else await client.files.remove(id);
    },
    async createTextShare(content) {
      return (await client.pastes.create({ content })).url;
    },
  };
}
