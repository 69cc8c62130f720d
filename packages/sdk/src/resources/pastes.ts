import type { Transport } from '../client.ts';
import type {
  BatchDeleteResult,
  ClearExpiredResult,
  CreatePasteBody,
  ListResult,
  PasteCreated,
  PasteListItem,
  PasteListQuery,
  PasteLocked,
  PasteRecord,
  PasteView,
  UpdatePasteBody,
} from '../contract/index.ts';
import { E2eError } from '../e2e/errors.ts';
import { encodeKey, generateKey, withKeyFragment } from '../e2e/keys.ts';
import { encryptText, MARKDOWN_TYPE, PLAIN_TYPE } from '../e2e/text.ts';

export interface CreatePasteInput extends CreatePasteBody {
  /** End-to-end encrypt before sending (sets `encrypted`). */
  encrypt?: boolean;
  /** The key for `encrypt` (32 bytes); a new random one by default. */
  key?: Uint8Array;
}

export interface CreatedPaste extends PasteCreated {
  /** base64url; only for `encrypt: true`. */
  key?: string;
}

/** Text shares: the public calls, and management under /admin (admin) or /user (API key). */
export class PastesResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }
  /**
   * With `encrypt: true` the text, title and format are encrypted here (docs/e2e-format.md) and only
   * ciphertext is sent; the answer's `url` carries the key in its fragment, and `key` holds it.
   */
  async create(body: CreatePasteInput): Promise<CreatedPaste> {
    const { encrypt, key: givenKey, ...plain } = body;
    if (!encrypt) return this.#t.request('POST', '/paste', { body: plain });
    const key = givenKey ?? generateKey();
    const { title, format, content, ...settings } = plain;
    const sealed = await encryptText(key, content, {
      name: title ?? '',
      type: format === 'markdown' ? MARKDOWN_TYPE : PLAIN_TYPE,
    });
    const created: PasteCreated = await this.#t.request('POST', '/paste', {
      body: { ...settings, content: sealed, encrypted: true },
    });
    return { ...created, url: withKeyFragment(created.url, key), key: encodeKey(key) };
  }
  /** Counts a view unless the share is protected, in which case it answers `requires_password`. */
  get(slug: string): Promise<PasteView | PasteLocked> {
    return this.#t.request('GET', `/paste/${encodeURIComponent(slug)}`);
  }
  /** Verifies the password and answers the content (counts a view). 401 'wrong password' on a bad one. */
  unlock(slug: string, password: string): Promise<PasteView> {
    return this.#t.request('POST', `/paste/${encodeURIComponent(slug)}`, {
      body: { password },
      kind: 'share-password',
    });
  }
  /** The exact stored text. A 401 here is always about the share's password, never the client's auth. */
  async raw(slug: string, password?: string): Promise<string> {
    const res = await this.#t.send('GET', `/raw/${encodeURIComponent(slug)}`, { query: { password } });
    if (!res.ok) return this.#t.fail(res, 'share-password');
    // An encrypted share's raw answer is its ciphertext stream: without the key there is nothing to read.
    if (res.headers.get('content-type')?.startsWith('application/octet-stream')) {
      await res.body?.cancel();
      throw new E2eError('missing-key');
    }
    return res.text();
  }
  /**
   * A link to the stored text. For a protected share give its access token (`PasteView.token`, from
   * `unlock`): a password in a URL stays in browser history and proxy logs.
   */
  rawUrl(slug: string, access: { token?: string; password?: string } = {}): string {
    return this.#t.url(`/raw/${encodeURIComponent(slug)}`, {
      token: access.token,
      password: access.password,
    });
  }

  /** The management scope follows the client's auth: /admin for the admin, /user for an API key. */
  #scope(): string {
    return this.#t.auth.type === 'admin' ? '/admin/pastes' : '/user/pastes';
  }
  /** Admin lists page by `page`/`limit`; key users by `limit`/`offset` (both accepted by both). */
  /** Items carry a short `preview`, not the text: `getById` answers the whole share. */
  list(query: PasteListQuery = {}): Promise<ListResult<PasteListItem>> {
    return this.#t.request('GET', this.#scope(), { query: { ...query } });
  }
  getById(id: string): Promise<PasteRecord> {
    return this.#t.request('GET', `${this.#scope()}/${encodeURIComponent(id)}`);
  }
  update(id: string, body: UpdatePasteBody): Promise<PasteRecord> {
    return this.#t.request('PUT', `${this.#scope()}/${encodeURIComponent(id)}`, { body });
  }
  remove(id: string): Promise<null> {
    return this.#t.request('DELETE', `${this.#scope()}/${encodeURIComponent(id)}`);
  }
  batchDelete(ids: string[]): Promise<BatchDeleteResult> {
    return this.#t.request('POST', `${this.#scope()}/batch-delete`, { body: { ids } });
  }
  /** Admin only. */
  clearExpired(): Promise<ClearExpiredResult> {
    return this.#t.request('POST', '/admin/pastes/clear-expired', { body: { clearExpired: true } });
  }
}
