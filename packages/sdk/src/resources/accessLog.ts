import type { Transport } from '../client.ts';
import type { AccessEvent, AccessLogQuery, ListResult } from '../contract/index.ts';

type ListQuery = Omit<AccessLogQuery, 'format'>;

/** The access log: who opened, downloaded or uploaded through the caller's shares (the admin: every share's). */
export class AccessLogResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }
  #path(): string {
    return this.#t.auth.type === 'admin' ? '/admin/access-log' : '/user/access-log';
  }
  /** Events newest first, filtered (`share_kind`, `share_id`, `action`, `outcome`) and paged (`limit`, `offset`). */
  list(query: ListQuery = {}): Promise<ListResult<AccessEvent>> {
    return this.#t.request('GET', this.#path(), { query: { ...query } });
  }
  /** The same events as CSV text (a header line first); without `limit`, up to 100 000 of them. */
  async csv(query: ListQuery = {}): Promise<string> {
    const res = await this.#t.send('GET', this.#path(), { query: { ...query, format: 'csv' } });
    if (!res.ok) return this.#t.fail(res, 'default');
    return res.text();
  }
}
