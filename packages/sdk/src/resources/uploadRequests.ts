import type { Transport } from '../client.ts';
import {
  type CreateUploadRequestBody,
  type ListResult,
  type RequestUploadDone,
  type RequestUploadStartBody,
  type RequestUploadStarted,
  type RequestUploadStatus,
  SHARE_TOKEN_HEADER,
  type ShareTokenResult,
  UPLOAD_TOKEN_HEADER,
  type UpdateUploadRequestBody,
  type UploadRequestDetail,
  type UploadRequestInfo,
  type UploadRequestListQuery,
  type UploadRequestRecord,
} from '../contract/index.ts';

const tokenHeaders = (upload?: string, share?: string): Record<string, string> => ({
  ...(upload ? { [UPLOAD_TOKEN_HEADER]: upload } : {}),
  ...(share ? { [SHARE_TOKEN_HEADER]: share } : {}),
});

/**
 * Upload requests: management under /admin (admin) or /user (API key with mount permission), and the
 * anonymous calls of `/public/r/{slug}` any client may make (`uploadToRequest` runs a whole upload).
 */
export class UploadRequestsResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }

  #scope(): string {
    return this.#t.auth.type === 'admin' ? '/admin/upload-requests' : '/user/upload-requests';
  }
  create(body: CreateUploadRequestBody): Promise<UploadRequestRecord> {
    return this.#t.request('POST', this.#scope(), { body });
  }
  list(query: UploadRequestListQuery = {}): Promise<ListResult<UploadRequestRecord>> {
    return this.#t.request('GET', this.#scope(), { query: { ...query } });
  }
  /** The request with what arrived through it (`received`, newest first). */
  get(id: string): Promise<UploadRequestDetail> {
    return this.#t.request('GET', `${this.#scope()}/${encodeURIComponent(id)}`);
  }
  update(id: string, body: UpdateUploadRequestBody): Promise<UploadRequestDetail> {
    return this.#t.request('PUT', `${this.#scope()}/${encodeURIComponent(id)}`, { body });
  }
  /** Closes the link; the files that arrived stay in the folder. */
  remove(id: string): Promise<null> {
    return this.#t.request('DELETE', `${this.#scope()}/${encodeURIComponent(id)}`);
  }

  #public(slug: string, rest = ''): string {
    return `/public/r/${encodeURIComponent(slug)}${rest}`;
  }
  /** What an uploader sees; a protected request answers 401 with `requires_password` until given a token. */
  info(slug: string, shareToken?: string, signal?: AbortSignal): Promise<UploadRequestInfo> {
    return this.#t.request('GET', this.#public(slug), {
      headers: tokenHeaders(undefined, shareToken),
      signal,
      kind: 'share-password',
    });
  }
  /** A share-access token for an hour (401 'wrong password'). */
  verify(slug: string, password: string): Promise<ShareTokenResult> {
    return this.#t.request('POST', this.#public(slug, '/verify'), {
      body: { password },
      kind: 'share-password',
    });
  }
  start(
    slug: string,
    body: RequestUploadStartBody,
    shareToken?: string,
    signal?: AbortSignal,
  ): Promise<RequestUploadStarted> {
    return this.#t.request('POST', this.#public(slug, '/uploads'), {
      body,
      headers: tokenHeaders(undefined, shareToken),
      signal,
      kind: 'share-password',
    });
  }
  partUrl(slug: string, uploadId: string, partNumber: number): string {
    return this.#t.url(this.#public(slug, `/uploads/${encodeURIComponent(uploadId)}/parts/${partNumber}`));
  }
  status(
    slug: string,
    uploadId: string,
    uploadToken: string,
    signal?: AbortSignal,
  ): Promise<RequestUploadStatus> {
    return this.#t.request('GET', this.#public(slug, `/uploads/${encodeURIComponent(uploadId)}`), {
      headers: tokenHeaders(uploadToken),
      signal,
    });
  }
  complete(
    slug: string,
    uploadId: string,
    uploadToken: string,
    shareToken?: string,
    signal?: AbortSignal,
  ): Promise<RequestUploadDone> {
    return this.#t.request('POST', this.#public(slug, `/uploads/${encodeURIComponent(uploadId)}/complete`), {
      headers: tokenHeaders(uploadToken, shareToken),
      signal,
      kind: 'share-password',
    });
  }
}
