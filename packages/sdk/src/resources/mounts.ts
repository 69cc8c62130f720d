import type { Transport } from '../client.ts';
import type { CreateMountBody, ListResult, Mount, UpdateMountBody } from '../contract/index.ts';

/**
 * Mounts: the admin manages them under /admin/mounts; an API key reads the mounts at, under or above its
 * basic path under /user/mounts (create, update, enable/disable and delete answer 403 for a key).
 */
export class MountsResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }
  #scope(): string {
    return this.#t.auth.type === 'admin' ? '/admin/mounts' : '/user/mounts';
  }
  list(query: { search?: string } = {}): Promise<ListResult<Mount>> {
    return this.#t.request('GET', this.#scope(), { query: { ...query } });
  }
  get(id: string): Promise<Mount> {
    return this.#t.request('GET', `${this.#scope()}/${encodeURIComponent(id)}`);
  }
  create(body: CreateMountBody): Promise<Mount> {
    return this.#t.request('POST', '/admin/mounts', { body });
  }
  update(id: string, body: UpdateMountBody): Promise<Mount> {
    return this.#t.request('PUT', `/admin/mounts/${encodeURIComponent(id)}`, { body });
  }
  /** Enables or disables the mount (a PUT of is_active). */
  setActive(id: string, isActive: boolean): Promise<Mount> {
    return this.update(id, { is_active: isActive });
  }
  /** Removes the mount; the stored objects stay. */
  remove(id: string): Promise<null> {
    return this.#t.request('DELETE', `/admin/mounts/${encodeURIComponent(id)}`);
  }
}
