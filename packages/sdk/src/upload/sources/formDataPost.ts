/**
 * A FormData POST with the browser's own means: XMLHttpRequest where it exists, for the upload progress
 * fetch cannot give, else fetch (Node, where the progress is the whole body once sent). A File in a
 * FormData goes as a file element the browser's network service reads itself (ADR 0081).
 */
import type { FetchLike } from '../../client.ts';
import type { RawResponse } from '../types.ts';

export interface FormDataPost {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  /** Called as bytes go out. */
  onBytes: (n: number) => void;
  /** Called once every byte is out and the server is working on its answer. */
  onSent: () => void;
  fetch: FetchLike;
}

export function postFormData(form: FormData, size: number, request: FormDataPost): Promise<RawResponse> {
  return typeof XMLHttpRequest === 'function'
    ? postWithXhr(form, request)
    : postWithFetch(form, size, request);
}

function postWithXhr(form: FormData, request: FormDataPost): Promise<RawResponse> {
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
    xhr.send(form);
  });
}

async function postWithFetch(form: FormData, size: number, request: FormDataPost): Promise<RawResponse> {
  const res = await request.fetch(request.url, {
    method: 'POST',
    headers: request.headers,
    body: form,
    signal: request.signal,
  });
  request.onBytes(size);
  request.onSent();
  return { status: res.status, statusText: res.statusText, text: await res.text() };
}
