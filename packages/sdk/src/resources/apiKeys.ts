import type { Transport } from '../client.ts';
import type {
  ApiKey,
  BatchDeleteResult,
  CreateApiKeyBody,
  ListResult,
  UpdateApiKeyBody,
} from '../contract/index.ts';

export class ApiKeysResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }
  list(): Promise<ListResult<ApiKey>> {
    return this.#t.request('GET', '/admin/api-keys');
  }
  create(body: CreateApiKeyBody): Promise<ApiKey> {
    return this.#t.request('POST', '/admin/api-keys', { body });
  }
  update(id: string, body: UpdateApiKeyBody): Promise<ApiKey> {
    return this.#t.request('PUT', `/admin/api-keys/${encodeURIComponent(id)}`, { body });
  }
  remove(id: string): Promise<null> {
    return this.#t.request('DELETE', `/admin/api-keys/${encodeURIComponent(id)}`);
  }
  batchDelete(ids: string[]): Promise<BatchDeleteResult> {
    return this.#t.request('POST', '/admin/api-keys/batch-delete', { body: { ids } });
  }
}
