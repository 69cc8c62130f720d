/**
 * Blob/File sources (browsers, and Node when a caller has a Blob): parts are `blob.slice()`, and the
 * direct upload goes through XMLHttpRequest where it exists, for upload progress fetch cannot give.
 */
import type { FormPost, RawResponse, UploadSource } from '../types.ts';

export function blobSource(blob: Blob, name?: string): UploadSource {
  const ownName = (blob as Blob & { name?: string }).name;
  return {
    name: name ?? (ownName || 'file'),
    size: blob.size,
    type: blob.type || null,
    lastModified: (blob as Blob & { lastModified?: number }).lastModified,
    body: (start, end) => ({ body: blob.slice(start, end), streamsProgress: false }),
    postForm: (request) =>
      typeof XMLHttpRequest === 'function' ? postWithXhr(blob, request) : postWithFetch(blob, request),
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

function postWithXhr(blob: Blob, request: FormPost): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    for (const [key, value] of Object.entries(request.headers)) xhr.setRequestHeader(key, value);
    let sent = 0;
    xhr.upload.onprogress = (event) => {
      request.onBytes(event.loaded - sent);
      sent = event.loaded;
    };
    xhr.upload.onload = () => request.onSent();
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.ontimeout = () => reject(new DOMException('timed out', 'TimeoutError'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    if (request.signal.aborted) return reject(new DOMException('aborted', 'AbortError'));
    request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData(blob, request));
  });
}

async function postWithFetch(blob: Blob, request: FormPost): Promise<RawResponse> {
  const res = await request.fetch(request.url, {
    method: 'POST',
    headers: request.headers,
    body: formData(blob, request),
    signal: request.signal,
  });
  request.onBytes(blob.size);
  request.onSent();
  return { status: res.status, statusText: res.statusText, text: await res.text() };
}
