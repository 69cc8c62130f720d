import type { Transport } from '../client.ts';
import type {
  AbortResult,
  BatchDeleteResult,
  CommitBody,
  FileListQuery,
  FileLocked,
  FileRecord,
  FileShareCreated,
  ListResult,
  MultipartAbortBody,
  MultipartCompleteBody,
  MultipartInitBody,
  MultipartInitResult,
  MultipartPartsBody,
  MultipartPartsResult,
  OfficePreview,
  PresignBody,
  PresignResult,
  PublicFileView,
  UpdateFileBody,
  UploadFormFields,
} from '../contract/index.ts';

/** The `exp` and `sig` of a signed file link (download_url, preview_url, office_preview_url). */
export interface LinkSignature {
  exp: string;
  sig: string;
  /** `owner` on links handed to the share's owner (signed with them: their use is no visit). */
  by?: string;
}

/** Reads the signature out of any signed file link the server gave. */
export function linkSignature(link: string): LinkSignature {
  const params = new URL(link, 'http://x').searchParams;
  const by = params.get('by');
  return { exp: params.get('exp') ?? '', sig: params.get('sig') ?? '', ...(by ? { by } : {}) };
}

/**
 * The FormData for `POST /upload`: placement fields first and always present (empty = the default), so
 * the server can stream the file straight to storage instead of spooling it until the form ends.
 */
export function uploadFormData(file: Blob, fields: UploadFormFields = {}, filename?: string): FormData {
  const form = new FormData();
  const order: (keyof UploadFormFields)[] = [
    's3_config_id',
    'path',
    'mimetype',
    'slug',
    'remark',
    'password',
    'expires_in',
    'max_views',
  ];
  for (const key of order) {
    const value = fields[key];
    if (key === 's3_config_id' || key === 'path') form.append(key, value == null ? '' : String(value));
    else if (value !== undefined && value !== null && value !== '') form.append(key, String(value));
  }
  const name = filename ?? (file as Blob & { name?: string }).name ?? 'file';
  form.append('file', file, name);
  return form;
}

/**
 * File shares: uploads (direct, presigned, presigned multipart), the public reads, and management under
 * /admin (admin token) or /user (API key, own files only).
 */
export class FilesResource {
  readonly #t: Transport;
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** `POST /upload`: streams one file through the server into storage. */
  upload(
    file: Blob,
    fields: UploadFormFields = {},
    options: { filename?: string; signal?: AbortSignal } = {},
  ): Promise<FileShareCreated> {
    return this.#t.request('POST', '/upload', {
      body: uploadFormData(file, fields, options.filename),
      kind: 'file',
      signal: options.signal,
    });
  }
  /** A pending upload and a presigned PUT URL (S3 configs only; `local` answers 400). */
  presign(body: PresignBody, signal?: AbortSignal): Promise<PresignResult> {
    return this.#t.request('POST', '/s3/presign', { body, kind: 'file', signal });
  }
  /** Checks the PUT landed with the declared size and makes the share ready. */
  commit(body: CommitBody, signal?: AbortSignal): Promise<FileShareCreated> {
    return this.#t.request('POST', '/s3/commit', { body, kind: 'file', signal });
  }
  multipartInit(body: MultipartInitBody, signal?: AbortSignal): Promise<MultipartInitResult> {
    return this.#t.request('POST', '/s3/multipart/init', { body, kind: 'file', signal });
  }
  /** Fresh part URLs for a resumed upload. */
  multipartParts(body: MultipartPartsBody, signal?: AbortSignal): Promise<MultipartPartsResult> {
    return this.#t.request('POST', '/s3/multipart/parts', { body, kind: 'file', signal });
  }
  multipartComplete(body: MultipartCompleteBody, signal?: AbortSignal): Promise<FileShareCreated> {
    return this.#t.request('POST', '/s3/multipart/complete', { body, kind: 'file', signal });
  }
  multipartAbort(body: MultipartAbortBody): Promise<AbortResult> {
    return this.#t.request('POST', '/s3/multipart/abort', { body, kind: 'file' });
  }

  /** Counts a view and answers signed links, or `requires_password` for a protected share. */
  getPublic(slug: string): Promise<PublicFileView | FileLocked> {
    return this.#t.request('GET', `/public/files/${encodeURIComponent(slug)}`);
  }
  /** Checks the password (401 'wrong password'), counts a view and answers the links. */
  verify(slug: string, password: string): Promise<PublicFileView> {
    return this.#t.request('POST', `/public/files/${encodeURIComponent(slug)}/verify`, {
      body: { password },
      kind: 'share-password',
    });
  }
  /** Third-party Office viewer links; needs the signature of a link from getPublic/verify. */
  officePreview(slug: string, signature: LinkSignature): Promise<OfficePreview> {
    return this.#t.request('GET', `/office-preview/${encodeURIComponent(slug)}`, { query: { ...signature } });
  }

  /** The management scope follows the client's auth: /admin for the admin, /user for an API key. */
  #scope(): string {
    return this.#t.auth.type === 'admin' ? '/admin/files' : '/user/files';
  }
  list(query: FileListQuery = {}): Promise<ListResult<FileRecord>> {
    return this.#t.request('GET', this.#scope(), { query: { ...query } });
  }
  getById(id: string): Promise<FileRecord> {
    return this.#t.request('GET', `${this.#scope()}/${encodeURIComponent(id)}`);
  }
  update(id: string, body: UpdateFileBody): Promise<FileRecord> {
    return this.#t.request('PUT', `${this.#scope()}/${encodeURIComponent(id)}`, { body });
  }
  /** Deletes the share and its stored object. */
  remove(id: string): Promise<null> {
    return this.#t.request('DELETE', `${this.#scope()}/${encodeURIComponent(id)}`);
  }
  batchDelete(ids: string[]): Promise<BatchDeleteResult> {
    return this.#t.request('POST', `${this.#scope()}/batch-delete`, { body: { ids } });
  }
}
