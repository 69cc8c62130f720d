/**
 * Blob/File sources (browsers, and Node when a caller has a Blob): parts are `blob.slice()`, and the
 * direct upload goes through XMLHttpRequest where it exists, for upload progress fetch cannot give
 * (`formDataPost.ts`).
 */
import type { FormPost, UploadSource } from '../types.ts';
import { postFormData } from './formDataPost.ts';

export function blobSource(blob: Blob, name?: string): UploadSource {
  const ownName = (blob as Blob & { name?: string }).name;
  return {
    name: name ?? (ownName || 'file'),
    size: blob.size,
    type: blob.type || null,
    lastModified: (blob as Blob & { lastModified?: number }).lastModified,
    body: (start, end) => ({ body: blob.slice(start, end), streamsProgress: false }),
    postForm: (request) => postFormData(formData(blob, request), blob.size, request),
  };
}

const OCTET_STREAM = 'application/octet-stream';

function formData(blob: Blob, request: FormPost): FormData {
  const form = new FormData();
  for (const [key, value] of request.fields) form.append(key, value);
  // The part's Content-Type comes from the Blob: give it the type the upload decided on. A browser sends
  // an untyped file as application/octet-stream, so that one needs no new Blob, and must not get one: a
  // File goes as a file the network process reads itself, a wrapped Blob through the browser process
  // (a 1 GiB upload page upload: ADR 0081).
  const same = blob.type === request.contentType || (!blob.type && request.contentType === OCTET_STREAM);
  const typed = same ? blob : new Blob([blob], { type: request.contentType });
  form.append('file', typed, request.filename);
  return form;
}
