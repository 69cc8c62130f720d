import type { Transport } from '../client.ts';
import type {
  CreateStorageConfigBody,
  ListResult,
  StorageConfig,
  StorageConfigView,
  StorageFolderList,
  StorageTestResult,
  UpdateStorageConfigBody,
} from '../contract/index.ts';

/**
 * `/s3-configs`: the admin manages storage configs; an API key lists the public ones (as summaries).
 * Use `isFullStorageConfig` to tell the admin's view from a summary.
 */
export class StorageConfigsResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }
  list(): Promise<ListResult<StorageConfigView>> {
    return this.#t.request('GET', '/s3-configs');
  }
  get(id: string): Promise<StorageConfigView> {
    return this.#t.request('GET', `/s3-configs/${encodeURIComponent(id)}`);
  }
  create(body: CreateStorageConfigBody): Promise<StorageConfig> {
    return this.#t.request('POST', '/s3-configs', { body });
  }
  update(id: string, body: UpdateStorageConfigBody): Promise<StorageConfig> {
    return this.#t.request('PUT', `/s3-configs/${encodeURIComponent(id)}`, { body });
  }
  remove(id: string): Promise<null> {
    return this.#t.request('DELETE', `/s3-configs/${encodeURIComponent(id)}`);
  }
  setDefault(id: string): Promise<StorageConfig> {
    return this.#t.request('PUT', `/s3-configs/${encodeURIComponent(id)}/set-default`);
  }
  /** Admin only: the folders directly inside `path` ('' = the root) of the storage, to pick a mount's `root_prefix`. */
  folders(id: string, path = ''): Promise<StorageFolderList> {
    return this.#t.request('GET', `/s3-configs/${encodeURIComponent(id)}/folders`, { query: { path } });
  }
  /** Really connects: lists, writes, reads back and deletes a probe object, reporting each step. */
  test(id: string): Promise<StorageTestResult> {
    return this.#t.request('POST', `/s3-configs/${encodeURIComponent(id)}/test`);
  }
}
