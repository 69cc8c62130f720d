/**
 * The server calls a presigned upload needs. A file upload uses `/s3/*`; a URL upload uses `/url/*`,
 * which also records the source URL. The upload logic is the same for both.
 */
import type {
  AbortResult,
  CommitBody,
  FileShareCreated,
  MultipartAbortBody,
  MultipartCompleteBody,
  MultipartInitBody,
  MultipartInitResult,
  MultipartPartsBody,
  MultipartPartsResult,
  PresignBody,
  PresignResult,
} from '../contract/index.ts';
import type { ClipClient } from '../sdk.ts';

export interface UploadEndpoints {
  presign(body: PresignBody, signal?: AbortSignal): Promise<PresignResult>;
  commit(body: CommitBody, signal?: AbortSignal): Promise<FileShareCreated>;
  multipartInit(body: MultipartInitBody, signal?: AbortSignal): Promise<MultipartInitResult>;
  multipartParts(body: MultipartPartsBody, signal?: AbortSignal): Promise<MultipartPartsResult>;
  multipartComplete(body: MultipartCompleteBody, signal?: AbortSignal): Promise<FileShareCreated>;
  multipartAbort(body: MultipartAbortBody): Promise<AbortResult>;
  /** Drops a pending presigned upload at once (otherwise the server sweeps it when it expires). */
  discard?(fileId: string): Promise<unknown>;
}

export function fileEndpoints(client: ClipClient): UploadEndpoints {
  const files = client.files;
  return {
    presign: (body, signal) => files.presign(body, signal),
    commit: (body, signal) => files.commit(body, signal),
    multipartInit: (body, signal) => files.multipartInit(body, signal),
    multipartParts: (body, signal) => files.multipartParts(body, signal),
    multipartComplete: (body, signal) => files.multipartComplete(body, signal),
    multipartAbort: (body) => files.multipartAbort(body),
  };
}

/** `/url/*` endpoints for a file downloaded from `url`; part re-signing is shared with `/s3/multipart/parts`. */
export function urlEndpoints(client: ClipClient, url: string): UploadEndpoints {
  const remote = client.url;
  return {
    presign: (body, signal) => remote.presign({ ...body, url }, signal),
    commit: (body, signal) => remote.commit(body, signal),
    multipartInit: (body, signal) => remote.multipartInit({ ...body, url }, signal),
    multipartParts: (body, signal) => client.files.multipartParts(body, signal),
    multipartComplete: (body, signal) => remote.multipartComplete(body, signal),
    multipartAbort: (body) => remote.multipartAbort(body),
    discard: (fileId) => remote.cancel(fileId),
  };
}
