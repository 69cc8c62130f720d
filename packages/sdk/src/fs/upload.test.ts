// fs.upload: one FormData request for a small file; a multipart upload sends only the parts the server
// does not hold yet, each with its byte range, retries a failed part and reports one that keeps failing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FsItem } from '../contract/index.ts';
import { ClipError } from '../errors.ts';
import { ClipClient } from '../sdk.ts';
import { type Answer, envelope, failure, ORIGIN, scriptedFetch } from '../testing/scriptedFetch.ts';

const CONTENT = 'aaaabbbbcc';
const item: FsItem = {
  name: 'f.txt',
  path: '/m/f.txt',
  type: 'file',
  size: CONTENT.length,
  modified: null,
  etag: null,
  mimetype: 'text/plain',
  is_mount: false,
};
const session = { uploadId: 'u1', key: '/m/f.txt', partSize: 4, partCount: 3, expiresAt: '' };

function clientWith(answer: Answer) {
  const { fetch, requests } = scriptedFetch(answer);
  const client = new ClipClient({ baseUrl: ORIGIN, auth: { type: 'apikey', key: 'k' }, fetch });
  return { client, fetch, requests };
}

const partNumber = (url: string) => Number(new URL(url, ORIGIN).searchParams.get('partNumber'));
const bytesOf = async (body: RequestInit['body']) => new Response(body).text();

test('a small file goes in one form request to the folder, carrying the key', async () => {
  const { client, fetch, requests } = clientWith(() => envelope({ item }, 201));
  const done = await client.fs.upload('/m', new Blob([CONTENT]), {
    filename: 'f.txt',
    fetch,
    createParents: true,
  });
  assert.equal(done, { uploadId: '', key: '/m/f.txt', item });
  const [request] = requests;
  assert.equal(
    [request.method, request.url, request.headers.authorization],
    ['POST', '/api/user/fs/upload', 'ApiKey k'],
  );
  const form = request.body as FormData;
  assert.equal([form.get('path'), form.get('create_parents')], ['/m', 'true']);
  assert.is(await (form.get('file') as File).text(), CONTENT);
});

test('a resumed multipart upload sends only the missing parts, then completes', async () => {
  const parts = new Map<number, string>();
  const { client, fetch, requests } = clientWith(async (r) => {
    if (r.url.startsWith('/api/user/fs/multipart/init'))
      return envelope({ ...session, resumed: true, parts: [] });
    // The server's status, not init's list, says what it holds.
    if (r.url.startsWith('/api/user/fs/multipart/status'))
      return envelope({
        ...session,
        status: 'uploading',
        fileSize: 10,
        parts: [{ partNumber: 2, size: 4, etag: 'e2' }],
      });
    if (r.url.startsWith('/api/user/fs/multipart/part')) {
      parts.set(partNumber(r.url), await bytesOf(r.body));
      return envelope({ partNumber: partNumber(r.url), etag: 'e' });
    }
    return envelope({ uploadId: 'u1', key: '/m/f.txt', item });
  });
  const done = await client.fs.upload('/m', new Blob([CONTENT]), {
    filename: 'f.txt',
    mode: 'multipart',
    fetch,
  });
  assert.is(done.item.path, '/m/f.txt');
  assert.equal(Object.fromEntries(parts), { 1: 'aaaa', 3: 'cc' });
  const complete = requests.at(-1)!;
  assert.is(complete.url, '/api/user/fs/multipart/complete');
  assert.equal(JSON.parse(String(complete.body)), {
    path: '/m',
    uploadId: 'u1',
    key: '/m/f.txt',
    fileSize: 10,
  });
});

test('a failed part is retried; one that keeps failing names its number and nothing completes', async () => {
  let attempts = 0;
  const { client, fetch, requests } = clientWith((r) => {
    if (r.url.startsWith('/api/user/fs/multipart/init'))
      return envelope({ ...session, resumed: false, parts: [] });
    if (r.url.startsWith('/api/user/fs/multipart/part')) {
      if (partNumber(r.url) !== 2) return envelope({ partNumber: partNumber(r.url), etag: 'e' });
      attempts++;
      return failure(503, 'SERVICE_UNAVAILABLE', 'storage is busy');
    }
    return envelope({ uploadId: 'u1', key: '/m/f.txt', item });
  });
  try {
    await client.fs.upload('/m', new Blob([CONTENT]), {
      mode: 'multipart',
      fetch,
      retries: 2,
      retryDelayMs: 1,
    });
    assert.unreachable('expected the upload to fail');
  } catch (err) {
    assert.instance(err, ClipError);
    assert.match((err as ClipError).message, /2/);
  }
  assert.is(attempts, 3);
  assert.not.ok(requests.some((r) => r.url.includes('/multipart/complete')));
});

test.run();
