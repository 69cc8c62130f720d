/**
 * Mounts and file-system calls for the web app, over the SDK's transport (wire shapes of mounts.md).
 * A stop-gap until the SDK's own `mounts`/`fs` resources land: every call still goes through the
 * SDK client (auth header, envelope, error mapping); only the paths live here.
 */
import type { BatchCopyClientSide, BatchCopyDone, BatchCopyQueued, ClipClient } from '@clip/sdk';

export type StorageType = 's3' | 'local';

export interface Mount {
  id: string;
  name: string;
  mount_path: string;
  storage_type: StorageType;
  storage_config_id: string;
  remark: string | null;
  sort_order: number;
  cache_ttl: number;
  is_active: boolean;
  web_proxy: boolean;
  root_prefix?: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface MountBody {
  name: string;
  mount_path: string;
  storage_type: StorageType;
  storage_config_id: string;
  remark?: string;
  sort_order?: number;
  cache_ttl?: number;
  is_active?: boolean;
  web_proxy?: boolean;
  root_prefix?: string;
}

export type FsItemType = 'folder' | 'file' | 'image' | 'video' | 'audio' | 'document' | 'archive' | 'code';

export interface FsItem {
  name: string;
  path: string;
  type: FsItemType;
  size: number | null;
  modified: string | null;
  etag?: string | null;
  mimetype?: string | null;
  is_mount?: boolean;
}

export interface FsList {
  path: string;
  is_virtual: boolean;
  items: FsItem[];
  next_cursor: string | null;
}

export interface FsGet extends FsItem {
  download_url?: string;
  preview_url?: string;
}

export interface BatchRemoveResult {
  removed: string[] | number;
  failed: { path: string; error: string }[];
}

export type BatchCopyResult = BatchCopyDone | BatchCopyQueued | BatchCopyClientSide;

const scope = (client: ClipClient) => (client.transport.auth.type === 'admin' ? '/admin' : '/user');

function unwrapList<T>(value: T[] | { items: T[] }): T[] {
  return Array.isArray(value) ? value : value.items;
}

export function mountsApi(client: ClipClient) {
  const t = client.transport;
  const base = () => `${scope(client)}/mounts`;
  return {
    async list(): Promise<Mount[]> {
      return unwrapList(await t.request<Mount[] | { items: Mount[] }>('GET', base()));
    },
    create: (body: MountBody) => t.request<Mount>('POST', base(), { body }),
    update: (id: string, body: Partial<MountBody>) =>
      t.request<Mount>('PUT', `${base()}/${encodeURIComponent(id)}`, { body }),
    remove: (id: string) => t.request<null>('DELETE', `${base()}/${encodeURIComponent(id)}`),
  };
}

export function fsApi(client: ClipClient) {
  const t = client.transport;
  const base = () => `${scope(client)}/fs`;
  return {
    /** The whole folder: follows the server's cursor until the last page. */
    async list(path: string, options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<FsList> {
      let cursor: string | null = null;
      let first: FsList | null = null;
      const items: FsItem[] = [];
      do {
        const page: FsList = await t.request<FsList>('GET', `${base()}/list`, {
          query: { path, cursor, limit: 1000, refresh: options.refresh || undefined },
          signal: options.signal,
        });
        first ??= page;
        items.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor);
      return { ...(first as FsList), items, next_cursor: null };
    },
    get: (path: string) => t.request<FsGet>('GET', `${base()}/get`, { query: { path } }),
    mkdir: (path: string) => t.request<unknown>('POST', `${base()}/mkdir`, { body: { path } }),
    remove: (path: string) => t.request<unknown>('DELETE', `${base()}/remove`, { query: { path } }),
    batchRemove: (paths: string[]) =>
      t.request<BatchRemoveResult>('POST', `${base()}/batch-remove`, { body: { paths } }),
    rename: (oldPath: string, newPath: string) =>
      t.request<unknown>('POST', `${base()}/rename`, { body: { oldPath, newPath } }),
    update: (path: string, content: string) =>
      t.request<unknown>('POST', `${base()}/update`, { body: { path, content } }),
    fileLink: (path: string, expiresIn: number, forceDownload = false) =>
      t.request<{ url: string; expires_at: string }>('GET', `${base()}/file-link`, {
        query: { path, expires_in: expiresIn, force_download: forceDownload },
      }),
    batchCopy: (items: { sourcePath: string; targetPath: string }[], skipExisting = true) =>
      t.request<BatchCopyResult>('POST', `${base()}/batch-copy`, { body: { items, skipExisting } }),
    /** Reads a file's text through the authenticated preview route. */
    async readText(path: string, signal?: AbortSignal): Promise<string> {
      const res = await t.send('GET', `${base()}/preview`, { query: { path }, signal });
      if (!res.ok) return t.fail(res, 'default');
      return res.text();
    },
    async readBlob(path: string, signal?: AbortSignal): Promise<Blob> {
      const res = await t.send('GET', `${base()}/download`, { query: { path }, signal });
      if (!res.ok) return t.fail(res, 'default');
      return res.blob();
    },
  };
}

export type FsApi = ReturnType<typeof fsApi>;
export type MountsApi = ReturnType<typeof mountsApi>;

/** An upload through `/fs/upload` with progress (XHR: fetch cannot report upload progress). */
export function uploadWithProgress(
  client: ClipClient,
  folder: string,
  file: Blob & { name: string },
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<unknown> {
  const t = client.transport;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', t.url(`${scope(client)}/fs/upload`));
    for (const [k, v] of Object.entries(t.headers())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      try {
        if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText).data);
        else reject(new Error(JSON.parse(xhr.responseText).message ?? xhr.statusText));
      } catch {
        reject(new Error(xhr.statusText || String(xhr.status)));
      }
    };
    xhr.onerror = () => reject(new Error('network error'));
    xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    // Where the bytes go comes first, so the server can stream the file straight to storage.
    form.append('path', folder);
    form.append('create_parents', 'true');
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
