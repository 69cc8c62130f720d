// fs.download resumes a dropped transfer by Range for the same version and starts over for another.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FsGetResult } from '../contract/index.ts';
import { ClipError } from '../errors.ts';
import { ClipClient } from '../sdk.ts';
import { envelope, ORIGIN, type RecordedRequest, scriptedFetch } from '../testing/scriptedFetch.ts';
import { blobDownloadSink } from './download.ts';

const CONTENT = new TextEncoder().encode('0123456789abcdefghij');

const meta = (etag: string | null, type: FsGetResult['type'] = 'file'): FsGetResult => ({
  name: 'a.txt',
  path: '/m/a.txt',
  type,
  size: type === 'file' ? CONTENT.byteLength : null,
  modified: null,
  etag,
  mimetype: 'text/plain',
  is_mount: false,
  download_url: null,
  preview_url: null,
  render_url: null,
});

/** A body that sends `bytes` and then fails, as a dropped connection does. */
function droppingBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    // Errors raised with bytes still queued drop them: fail only on the read after the bytes went out.
    pull(controller) {
      if (sent) return controller.error(new TypeError('terminated'));
      sent = true;
      controller.enqueue(bytes);
    },
  });
}

/** The server: metadata on /get, and a download that answers `downloads[i]` on the i-th request. */
function server(etag: string | null, downloads: ((r: RecordedRequest) => Response)[]) {
  let i = 0;
  const { fetch, requests } = scriptedFetch((r) =>
    r.url.startsWith('/api/admin/fs/get') ? envelope(meta(etag)) : downloads[i++](r),
  );
  const client = new ClipClient({ baseUrl: ORIGIN, auth: { type: 'admin', token: 't' }, fetch });
  const downloadsSent = () => requests.filter((r) => r.url.startsWith('/api/admin/fs/download'));
  return { client, downloadsSent };
}

const text = async (blob: Blob) => new TextDecoder().decode(await blob.arrayBuffer());

test('a dropped connection resumes from the bytes held, asking for the same version', async () => {
  const { client, downloadsSent } = server('"v1"', [
    () => new Response(droppingBody(CONTENT.slice(0, 8)), { headers: { etag: '"v1"' } }),
    () => new Response(CONTENT.slice(8), { status: 206, headers: { etag: '"v1"' } }),
  ]);
  const blob = await client.fs.download('/m/a.txt', blobDownloadSink(), { retryDelayMs: 1 });
  assert.is(await text(blob), '0123456789abcdefghij');
  const [first, second] = downloadsSent();
  assert.is(first.url, '/api/admin/fs/download?path=%2Fm%2Fa.txt');
  assert.is(first.headers.range, undefined);
  assert.equal([second.headers.range, second.headers['if-range']], ['bytes=8-', '"v1"']);
});

test('a whole answer to a range request (the file changed) starts over from the first byte', async () => {
  const { client, downloadsSent } = server('W/"v1"', [
    () => new Response(droppingBody(CONTENT.slice(0, 5)), { headers: { etag: '"v1"' } }),
    () => new Response(CONTENT, { status: 200, headers: { etag: '"v2"' } }),
  ]);
  const blob = await client.fs.download('/m/a.txt', blobDownloadSink(), { retryDelayMs: 1 });
  assert.is(await text(blob), '0123456789abcdefghij');
  assert.is(downloadsSent()[1].headers['if-range'], '"v1"');
});

test('an answer that ends early is retried, then reported once the retries are spent', async () => {
  const short = () => new Response(CONTENT.slice(0, 4), { headers: { etag: '"v1"' } });
  const { client, downloadsSent } = server(null, [short, short, short]);
  try {
    await client.fs.download('/m/a.txt', blobDownloadSink(), { retries: 2, retryDelayMs: 1 });
    assert.unreachable('expected the download to fail');
  } catch (err) {
    assert.instance(err, ClipError);
    assert.is((err as ClipError).code, 'NETWORK_ERROR');
  }
  assert.is(downloadsSent().length, 3);
});

test('a folder is refused before any bytes are asked for', async () => {
  const { fetch, requests } = scriptedFetch(() => envelope(meta(null, 'folder')));
  const client = new ClipClient({ baseUrl: ORIGIN, auth: { type: 'admin', token: 't' }, fetch });
  try {
    await client.fs.download('/m', blobDownloadSink());
    assert.unreachable('expected a 400');
  } catch (err) {
    assert.is((err as ClipError).status, 400);
  }
  assert.is(requests.length, 1);
});

test.run();
