import type { Transport } from '../client.ts';
import type {
  AbortResult,
  CancelResult,
  FileShareCreated,
  MultipartInitResult,
  PresignResult,
  UrlCommitBody,
  UrlInfo,
  UrlMultipartAbortBody,
  UrlMultipartCompleteBody,
  UrlMultipartInitBody,
  UrlPresignBody,
} from '../contract/index.ts';

/** URL upload: inspect a remote file, fetch it through the server's proxy, and store it by presigned upload. */
export class UrlResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }
  /** Name, size and type of a remote file (HEAD, else a one-byte ranged GET). */
  info(url: string, signal?: AbortSignal): Promise<UrlInfo> {
    return this.#t.request('POST', '/url/info', { body: { url }, kind: 'file', signal });
  }
  /** The proxy endpoint for `url` (needs this client's Authorization header). */
  proxyUrl(url: string): string {
    return this.#t.url('/url/proxy', { url });
  }
  /** Streams the remote body through the server (for when CORS blocks a direct download). */
  async proxy(url: string, signal?: AbortSignal): Promise<Response> {
    const res = await this.#t.send('GET', '/url/proxy', { query: { url }, kind: 'file', signal });
    if (!res.ok) return this.#t.fail(res, 'file');
    return res;
  }
  presign(body: UrlPresignBody, signal?: AbortSignal): Promise<PresignResult> {
    return this.#t.request('POST', '/url/presign', { body, kind: 'file', signal });
  }
  commit(body: UrlCommitBody, signal?: AbortSignal): Promise<FileShareCreated> {
    return this.#t.request('POST', '/url/commit', { body, kind: 'file', signal });
  }
  multipartInit(body: UrlMultipartInitBody, signal?: AbortSignal): Promise<MultipartInitResult> {
    return this.#t.request('POST', '/url/multipart/init', { body, kind: 'file', signal });
  }
  multipartComplete(body: UrlMultipartCompleteBody, signal?: AbortSignal): Promise<FileShareCreated> {
    return this.#t.request('POST', '/url/multipart/complete', { body, kind: 'file', signal });
  }
  multipartAbort(body: UrlMultipartAbortBody): Promise<AbortResult> {
    return this.#t.request('POST', '/url/multipart/abort', { body, kind: 'file' });
  }
  /** Drops a pending URL upload and whatever it stored. */
  cancel(fileId: string): Promise<CancelResult> {
    return this.#t.request('POST', '/url/cancel', { body: { file_id: fileId }, kind: 'file' });
  }
}
