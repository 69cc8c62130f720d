/**
 * Blob/File sources (browsers, and Node when a caller has a Blob): parts are `blob.slice()`, and the
 * direct upload goes through XMLHttpRequest where it exists, for upload progress fetch cannot give.
 */
import type { FormPost, RawResponse, UploadSource } from '../types.ts';
import { formText } from './formText.ts';

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

/**
 * The form as one Blob around the file: the file part is a reference to the file (no copy, nothing read
 * until it is sent), and the boundary is the SDK's long one, which the server parses faster than the
 * browser's own FormData boundary (ADR 0081).
 */
function formBody(blob: Blob, request: FormPost): { body: Blob; contentType: string } {
  const { contentType, head, tail } = formText(request);
  return { body: new Blob([head, blob, tail]), contentType };
}

function postWithXhr(blob: Blob, request: FormPost): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = formBody(blob, request);
    xhr.open('POST', request.url);
    for (const [key, value] of Object.entries(request.headers)) xhr.setRequestHeader(key, value);
    xhr.setRequestHeader('content-type', form.contentType);
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
    xhr.send(form.body);
  });
}

async function postWithFetch(blob: Blob, request: FormPost): Promise<RawResponse> {
  const form = formBody(blob, request);
  const res = await request.fetch(request.url, {
    method: 'POST',
    headers: { ...request.headers, 'content-type': form.contentType },
    body: form.body,
    signal: request.signal,
  });
  request.onBytes(blob.size);
  request.onSent();
  return { status: res.status, statusText: res.statusText, text: await res.text() };
}
