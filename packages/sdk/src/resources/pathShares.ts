import type { Transport } from '../client.ts';
import type {
  CreatePathShareBody,
  FsListResult,
  PathShareList,
  PathShareListQuery,
  PathShareLocked,
  PathShareRecord,
  PathShareVisit,
  UpdatePathShareBody,
} from '../contract/index.ts';

/** What a visitor holds to open a share: the token a visit or `verify` answered. */
export interface PathShareAccess {
  token?: string;
}

/**
 * Path shares: a link to a file or folder inside a mount. Management under /admin (admin) or /user (API
 * key with mount permission); the public calls under /public/s/{slug} for anyone with the link.
 */
export class PathSharesResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }

  #scope(): string {
    return this.#t.auth.type === 'admin' ? '/admin/path-shares' : '/user/path-shares';
  }
  create(body: CreatePathShareBody): Promise<PathShareRecord> {
    return this.#t.request('POST', this.#scope(), { body });
  }
  list(query: PathShareListQuery = {}): Promise<PathShareList> {
    return this.#t.request('GET', this.#scope(), { query: { ...query } });
  }
  get(id: string): Promise<PathShareRecord> {
    return this.#t.request('GET', `${this.#scope()}/${encodeURIComponent(id)}`);
  }
  update(id: string, body: UpdatePathShareBody): Promise<PathShareRecord> {
    return this.#t.request('PUT', `${this.#scope()}/${encodeURIComponent(id)}`, { body });
  }
  remove(id: string): Promise<null> {
    return this.#t.request('DELETE', `${this.#scope()}/${encodeURIComponent(id)}`);
  }

  #public(slug: string, rest = ''): string {
    return `/public/s/${encodeURIComponent(slug)}${rest}`;
  }
  #tokenHeader(access: PathShareAccess): Record<string, string> | undefined {
    return access.token ? { 'x-share-token': access.token } : undefined;
  }
  /**
   * A visit: counts one view (unless `access` carries a token) and answers the token that opens the
   * share for an hour; a protected share visited without one answers `{ requires_password: true }`.
   */
  async visit(slug: string, access: PathShareAccess = {}): Promise<PathShareVisit | PathShareLocked> {
    const res = await this.#t.send('GET', this.#public(slug), { headers: this.#tokenHeader(access) });
    if (res.status === 401 && !access.token) {
      const body = (await res
        .clone()
        .json()
        .catch(() => null)) as { data?: { requires_password?: boolean } } | null;
      if (body?.data?.requires_password) return { requires_password: true };
    }
    if (!res.ok) return this.#t.fail(res, 'share-password');
    return ((await res.json()) as { data: PathShareVisit }).data;
  }
  /** The password: counts the view and answers the token. 401 'wrong password' on a bad one. */
  async verify(slug: string, password: string): Promise<string> {
    const { token } = await this.#t.request<{ token: string }>('POST', this.#public(slug, '/verify'), {
      body: { password },
      kind: 'share-password',
    });
    return token;
  }
  /** One page of a folder inside the share; `path` relative to the share (`/` its root). */
  listInside(
    slug: string,
    path: string,
    access: PathShareAccess,
    page: { cursor?: string; limit?: number } = {},
  ): Promise<FsListResult> {
    return this.#t.request('GET', this.#public(slug, '/list'), {
      query: { path, ...page },
      headers: this.#tokenHeader(access),
      kind: 'share-password',
    });
  }
  /** A plain link (the token in the query) to a file, a preview, or a folder's ZIP. */
  link(slug: string, what: 'download' | 'preview' | 'zip', path: string, access: PathShareAccess): string {
    return this.#t.url(this.#public(slug, `/${what}`), { path, token: access.token });
  }
  /** A plain link to an image's thumbnail inside the share (`size` 128, 256 or 512; `v` its version). */
  thumbnailLink(
    slug: string,
    path: string,
    access: PathShareAccess,
    options: { size?: number; v?: string } = {},
  ): string {
    return this.#t.url(this.#public(slug, '/thumbnail'), { path, ...options, token: access.token });
  }
}
