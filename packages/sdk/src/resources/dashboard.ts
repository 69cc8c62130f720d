import type { Transport } from '../client.ts';
import type { CacheClearResult, DashboardStats } from '../contract/index.ts';

/** The admin dashboard and the server-side caches. */
export class DashboardResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }
  /** Admin only. */
  stats(): Promise<DashboardStats> {
    return this.#t.request('GET', '/admin/dashboard/stats');
  }
  /** Clears the server caches: all of them for the admin, the key's own scope for an API key. */
  clearCache(): Promise<CacheClearResult> {
    return this.#t.request(
      'POST',
      this.#t.auth.type === 'admin' ? '/admin/cache/clear' : '/user/cache/clear',
    );
  }
}
