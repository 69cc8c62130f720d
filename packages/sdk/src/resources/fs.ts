import type { Transport } from '../client.ts';
import type {
  ArchiveBody,
  BatchCopyBody,
  BatchCopyCommitBody,
  BatchCopyCommitResult,
  BatchCopyQueued,
  BatchCopyResult,
  CopyPair,
  FetchUrlBody,
  FsAbortResult,
  FsBatchRemoveResult,
  FsBatchUploadResult,
  FsFileLinkResult,
  FsGetResult,
  FsItem,
  FsListResult,
  FsMultipartAbortBody,
  FsMultipartCompleteBody,
  FsMultipartInitBody,
  FsMultipartInitResult,
  FsMultipartPartQuery,
  FsMultipartPartResult,
  FsMultipartStatus,
  FsPresignBody,
  FsPresignCommitBody,
  FsPresignResult,
  FsUploadDone,
  FsUploadResult,
} from '../contract/index.ts';
import { copyItems } from '../copy/copyItems.ts';
import type { CopyOptions, CopyReport } from '../copy/types.ts';
import { downloadPath, type FsDownloadOptions, type FsDownloadSink } from '../fs/download.ts';
import { type FsUploadOptions, uploadToFolder } from '../fs/upload.ts';
import { type FsBatchFile, type FsUploadBatchOptions, uploadBatchToFolder } from '../fs/uploadBatch.ts';
import type { ClipClient } from '../sdk.ts';
import { blobSource } from '../upload/sources/blob.ts';
import type { UploadSource } from '../upload/types.ts';

/**
 * The `<img>` source of one entry's thumbnail from a folder's `thumbnailLink` URL: `v` names the file's
 * version (its etag or modified time), so a changed file gets a new URL rather than a cached picture.
 */
export function thumbnailUrl(
  link: string,
  name: string,
  options: { size?: number; v?: string } = {},
): string {
  const url = new URL(link);
  url.searchParams.set('name', name);
  if (options.size) url.searchParams.set('size', String(options.size));
  if (options.v) url.searchParams.set('v', options.v);
  return url.href;
}

/**
 * The virtual file system over mounts: `/admin/fs/*` for the admin, `/user/fs/*` for an API key with mount
 * permission (scoped to its basic path by the server). Paths are virtual: `/s3/photos/a.jpg`.
 */
export class FsResource {
  readonly #t: Transport;
  readonly #client: () => ClipClient;
  constructor(transport: Transport, client: () => ClipClient) {
    this.#t = transport;
    this.#client = client;
  }

  /** `/admin/fs` or `/user/fs`, following the client's auth. */
  scope(): string {
    return this.#t.auth.type === 'admin' ? '/admin/fs' : '/user/fs';
  }

  /** One page of a folder; follow `next_cursor` (or use `listAll`) for the rest. */
  list(
    path: string,
    options: { cursor?: string; limit?: number; refresh?: boolean; signal?: AbortSignal } = {},
  ): Promise<FsListResult> {
    const { signal, ...query } = options;
    return this.#t.request('GET', `${this.scope()}/list`, { query: { path, ...query }, signal });
  }
  /**
   * A folder's pages as they arrive, each asked for once the one before is consumed: a folder of
   * 100,000 items is read with one page in memory at a time.
   */
  async *pages(
    path: string,
    options: { refresh?: boolean; limit?: number; signal?: AbortSignal } = {},
  ): AsyncGenerator<FsListResult, void, undefined> {
    let page = await this.list(path, options);
    yield page;
    while (page.next_cursor) {
      page = await this.list(path, { ...options, cursor: page.next_cursor });
      yield page;
    }
  }
  /** Every item of a folder, page after page. */
  async listAll(
    path: string,
    options: { refresh?: boolean; signal?: AbortSignal } = {},
  ): Promise<FsListResult> {
    let first: FsListResult | null = null;
    const items: FsItem[] = [];
    for await (const page of this.pages(path, options)) {
      first ??= page;
      for (const item of page.items) items.push(item);
    }
    return { ...(first as FsListResult), items, next_cursor: null };
  }
  /** Metadata plus short-lived signed `download_url` / `preview_url`. */
  get(path: string, signal?: AbortSignal): Promise<FsGetResult> {
    return this.#t.request('GET', `${this.scope()}/get`, { query: { path }, signal });
  }
  /** The raw download response (streamed; pass `range` for part of the file). */
  openDownload(
    path: string,
    options: { range?: string; signal?: AbortSignal; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    return this.#open('download', path, options);
  }
  /** The raw preview response (inline where safe). */
  openPreview(path: string, options: { range?: string; signal?: AbortSignal } = {}): Promise<Response> {
    return this.#open('preview', path, options);
  }
  #open(
    what: 'download' | 'preview',
    path: string,
    options: { range?: string; signal?: AbortSignal; headers?: Record<string, string> },
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.range) headers.range = options.range;
    return this.#openOk(`${this.scope()}/${what}`, { path }, options.signal, headers);
  }
  async #openOk(
    route: string,
    query: Record<string, string | number | undefined>,
    signal?: AbortSignal,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const res = await this.#t.send('GET', route, { query, headers, signal });
    if (!res.ok && res.status !== 304) return this.#t.fail(res, 'default');
    return res;
  }
  /** Downloads a file into a sink (`blobDownloadSink()` in browsers, `fileDownloadSink(path)` in Node), resuming by Range. */
  download<T>(path: string, sink: FsDownloadSink<T>, options: FsDownloadOptions = {}): Promise<T> {
    return downloadPath(this.#client(), path, sink, options);
  }
  mkdir(path: string, options: { create_parents?: boolean } = {}): Promise<FsItem> {
    return this.#t.request('POST', `${this.scope()}/mkdir`, { body: { path, ...options } });
  }
  /** `POST .../fs/upload`: one FormData request into the folder `folder` (the server streams it to storage). */
  uploadForm(
    folder: string,
    file: Blob,
    options: { filename?: string; create_parents?: boolean; signal?: AbortSignal } = {},
  ): Promise<FsUploadResult> {
    const form = new FormData();
    form.append('path', folder);
    if (options.create_parents) form.append('create_parents', 'true');
    form.append('file', file, options.filename ?? (file as Blob & { name?: string }).name ?? 'file');
    return this.#t.request('POST', `${this.scope()}/upload`, {
      body: form,
      kind: 'file',
      signal: options.signal,
    });
  }
  /**
   * Uploads a Blob/File or an UploadSource (`fileSource(path)` from '@clip/sdk/node') into the folder
   * `folder`: direct for small files, presigned or resumable multipart for larger ones. An interrupted
   * multipart upload of the same file to the same place resumes from the parts the server already has.
   */
  upload(folder: string, input: UploadSource | Blob, options: FsUploadOptions = {}): Promise<FsUploadDone> {
    const source = input instanceof Blob ? blobSource(input) : input;
    return uploadToFolder(this.#client(), folder, source, options);
  }
  /**
   * `POST .../fs/upload-batch`: up to 100 small files in one request, each `name` its path relative to
   * `folder` (sub-folders are made). Files the server could not write are in `failed`; the rest landed.
   */
  uploadBatch(
    folder: string,
    files: FsBatchFile[],
    options: FsUploadBatchOptions = {},
  ): Promise<FsBatchUploadResult> {
    return uploadBatchToFolder(this.#client(), folder, files, options);
  }
  remove(path: string): Promise<null> {
    return this.#t.request('DELETE', `${this.scope()}/remove`, { query: { path } });
  }
  /**
   * Removes paths and reports each one. When a folder of more than 1,000 objects makes the server turn
   * the batch into a delete task, this follows the task to its end (an abort cancels it) and
   * reports from its per-item results.
   */
  async batchRemove(paths: string[], options: { signal?: AbortSignal } = {}): Promise<FsBatchRemoveResult> {
    const answer = await this.#t.request<FsBatchRemoveResult | BatchCopyQueued>(
      'POST',
      `${this.scope()}/batch-remove`,
      { body: { paths }, signal: options.signal },
    );
    if (!('task_id' in answer)) return answer;
    const task = await this.#client().tasks.finish(answer.task_id, { signal: options.signal });
    const results = task.results ?? [];
    return {
      removed: results.filter((r) => r.status === 'success').map((r) => r.path),
      failed: results
        .filter((r) => r.status === 'failed')
        .map((r) => ({ path: r.path, error: r.error ?? 'failed' })),
    };
  }
  rename(oldPath: string, newPath: string): Promise<FsItem> {
    return this.#t.request('POST', `${this.scope()}/rename`, { body: { oldPath, newPath } });
  }
  /** Text save (up to 10 MiB); creates the file when missing. */
  update(path: string, content: string): Promise<FsItem> {
    return this.#t.request('POST', `${this.scope()}/update`, { body: { path, content } });
  }
  fileLink(
    path: string,
    options: { expires_in?: number; force_download?: boolean } = {},
  ): Promise<FsFileLinkResult> {
    return this.#t.request('GET', `${this.scope()}/file-link`, { query: { path, ...options } });
  }
  /** A small WebP of an image (`size`: its longest side, 128, 256 or 512 pixels), never the original. */
  openThumbnail(path: string, options: { size?: number; signal?: AbortSignal } = {}): Promise<Response> {
    return this.#openOk(`${this.scope()}/thumbnail`, { path, size: options.size }, options.signal);
  }
  /**
   * One signed link for the thumbnails of a folder's images, for `<img>` (which sends no auth header):
   * pass it to `thumbnailUrl` with each entry's name. Valid for at least an hour and the same URL
   * throughout that hour, so browsers keep the thumbnails they fetched.
   */
  thumbnailLink(folder: string, signal?: AbortSignal): Promise<FsFileLinkResult> {
    return this.#t.request('GET', `${this.scope()}/thumbnail-link`, { query: { path: folder }, signal });
  }
  presign(body: FsPresignBody, signal?: AbortSignal): Promise<FsPresignResult> {
    return this.#t.request('POST', `${this.scope()}/presign`, { body, kind: 'file', signal });
  }
  presignCommit(body: FsPresignCommitBody, signal?: AbortSignal): Promise<FsUploadDone> {
    return this.#t.request('POST', `${this.scope()}/presign/commit`, { body, kind: 'file', signal });
  }
  multipartInit(body: FsMultipartInitBody, signal?: AbortSignal): Promise<FsMultipartInitResult> {
    return this.#t.request('POST', `${this.scope()}/multipart/init`, { body, kind: 'file', signal });
  }
  /** The URL a part is POSTed to (raw body, exact Content-Length). */
  multipartPartUrl(query: FsMultipartPartQuery): string {
    return this.#t.url(`${this.scope()}/multipart/part`, { ...query });
  }
  /** Sends one part whose bytes are in memory (`fs.upload` streams parts itself). */
  multipartPart(
    query: FsMultipartPartQuery,
    body: Blob | Uint8Array,
    signal?: AbortSignal,
  ): Promise<FsMultipartPartResult> {
    return this.#t.request('POST', `${this.scope()}/multipart/part`, {
      query: { ...query },
      body,
      headers: { 'content-type': 'application/octet-stream' },
      kind: 'file',
      signal,
    });
  }
  multipartStatus(uploadId: string, signal?: AbortSignal): Promise<FsMultipartStatus> {
    return this.#t.request('GET', `${this.scope()}/multipart/status`, {
      query: { uploadId },
      kind: 'file',
      signal,
    });
  }
  multipartComplete(body: FsMultipartCompleteBody, signal?: AbortSignal): Promise<FsUploadDone> {
    return this.#t.request('POST', `${this.scope()}/multipart/complete`, { body, kind: 'file', signal });
  }
  multipartAbort(body: FsMultipartAbortBody): Promise<FsAbortResult> {
    return this.#t.request('POST', `${this.scope()}/multipart/abort`, { body, kind: 'file' });
  }
  batchCopy(body: BatchCopyBody): Promise<BatchCopyResult> {
    return this.#t.request('POST', `${this.scope()}/batch-copy`, { body });
  }
  batchCopyCommit(body: BatchCopyCommitBody): Promise<BatchCopyCommitResult> {
    return this.#t.request('POST', `${this.scope()}/batch-copy-commit`, { body });
  }
  /** The server packs the paths into one ZIP file at `targetPath` as a `download` task. */
  archive(body: ArchiveBody): Promise<BatchCopyQueued> {
    return this.#t.request('POST', `${this.scope()}/archive`, { body });
  }

  /** The server fetches each URL into the mount as an `upload` task: follow it with `tasks.watch`. */
  fetchUrls(body: FetchUrlBody): Promise<BatchCopyQueued> {
    return this.#t.request('POST', `${this.scope()}/fetch-url`, { body });
  }

  /**
   * Copies files and folders (`targetPath` is what each source becomes): in the request, as a server
   * task (followed until it ends), or client-side when the server asks (or `clientSide`).
   */
  copy(items: CopyPair[], options?: CopyOptions): Promise<CopyReport> {
    return copyItems(this.#t, this.#client().tasks, items, options);
  }
}
