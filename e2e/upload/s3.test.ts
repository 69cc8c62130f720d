// @clip-databases sqlite postgres
// SDK presigned and multipart uploads straight to S3 (s3rver on loopback) through a live server.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClipClient, ClipError, type FetchLike, type MultipartInitResult, uploadFile } from '@clip/sdk';
import { fileSource } from '@clip/sdk/node';
import { startS3rver, startTestServer, type TestS3, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  addS3Config,
  assertProgressWellFormed,
  MIB,
  progressLog,
  randomFile,
  sharedSha256,
  stageOrder,
} from './helpers.ts';

let server: TestServer;
let s3: TestS3;
let configId: string;
let dir: string;
/** The admin client, observing (not altering) the answers to multipart init. */
let admin: ClipClient;
const inits: MultipartInitResult[] = [];
/** Part numbers the client asked to have signed again, per call to /s3/multipart/parts. */
const resigned: number[][] = [];

test.before(async () => {
  s3 = await startS3rver();
  server = await startTestServer();
  configId = await addS3Config(server, s3);
  dir = await mkdtemp(join(tmpdir(), 'clip-upload-s3-'));
  const token = await server.adminToken();
  const observing: FetchLike = async (url, init) => {
    const res = await fetch(url, init);
    if (url.endsWith('/s3/multipart/init') && res.ok) inits.push((await res.clone().json()).data);
    if (url.endsWith('/s3/multipart/parts')) resigned.push(JSON.parse(String(init.body)).part_numbers);
    return res;
  };
  admin = new ClipClient({ baseUrl: server.url, auth: { type: 'admin', token }, fetch: observing });
});
test.after(async () => {
  await server?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The part number of a presigned UploadPart URL (null for a single PUT). */
const partOf = (url: string) => {
  const n = new URL(url).searchParams.get('partNumber');
  return n === null ? null : Number(n);
};

/** Counts the PUTs that reach storage, per part, passing every one through unchanged. */
function countingFetch() {
  const puts = new Map<number | null, number>();
  const fetchImpl: FetchLike = (url, init) => {
    if (init.method === 'PUT') puts.set(partOf(url), (puts.get(partOf(url)) ?? 0) + 1);
    return fetch(url, init);
  };
  return { puts, fetchImpl };
}

test('below the threshold a file goes up in one presigned PUT, then commit', async () => {
  const file = await randomFile(dir, 'single.bin', 3 * MIB + 7);
  const log = progressLog();
  const counter = countingFetch();
  const created = await uploadFile(admin, await fileSource(file.path), {
    s3_config_id: configId,
    fetch: counter.fetchImpl,
    onProgress: log.onProgress,
  });
  assert.equal([...counter.puts], [[null, 1]]);
  assert.is(await sharedSha256(admin, created.slug), file.sha256);
  assertProgressWellFormed(log.events, 3 * MIB + 7);
  assert.equal(stageOrder(log.events), [
    'starting',
    'initializing',
    'uploading',
    'processing',
    'completing',
    'completed',
  ]);
  assert.ok(log.events.some((e) => e.mode === 'presigned'));
});

test('above the threshold a file goes up in 5 MiB parts, in parallel, then complete', async () => {
  const size = 12 * MIB;
  const file = await randomFile(dir, 'multi.bin', size);
  const log = progressLog();
  const counter = countingFetch();
  const created = await uploadFile(admin, await fileSource(file.path), {
    s3_config_id: configId,
    multipartThreshold: 10 * MIB,
    fetch: counter.fetchImpl,
    onProgress: log.onProgress,
  });
  const init = inits[inits.length - 1];
  assert.is(init.part_size, 5 * MIB);
  assert.is(init.part_count, 3);
  assert.equal([...counter.puts].sort(), [
    [1, 1],
    [2, 1],
    [3, 1],
  ]);
  assert.is(created.size, size);
  assert.is(await sharedSha256(admin, created.slug), file.sha256);
  assertProgressWellFormed(log.events, size);
  assert.ok(log.events.some((e) => e.mode === 'multipart'));
});

test('a part that fails mid-way is retried, its bytes counted once, and the file arrives whole', async () => {
  const size = 12 * MIB;
  const file = await randomFile(dir, 'flaky.bin', size);
  const log = progressLog();
  let part2Tries = 0;
  // The first PUT of part 2 breaks after its first chunk, as a dropped connection would.
  const flaky: FetchLike = (url, init) => {
    if (init.method !== 'PUT' || partOf(url) !== 2 || ++part2Tries > 1) return fetch(url, init);
    const body = init.body as unknown as AsyncIterable<Uint8Array>;
    async function* breaks() {
      for await (const chunk of body) {
        yield chunk;
        throw new Error('connection reset');
      }
    }
    return fetch(url, { ...init, body: breaks() as unknown as BodyInit });
  };
  const created = await uploadFile(admin, await fileSource(file.path), {
    s3_config_id: configId,
    multipartThreshold: 10 * MIB,
    retryDelayMs: 10,
    fetch: flaky,
    onProgress: log.onProgress,
  });
  assert.is(part2Tries, 2);
  assert.is(await sharedSha256(admin, created.slug), file.sha256);
  assertProgressWellFormed(log.events, size);
});

test('an expired part URL (403 from the store) is signed again before the retry', async () => {
  const file = await randomFile(dir, 'resign.bin', 12 * MIB);
  resigned.length = 0;
  let spoiled = false;
  // The first PUT of part 3 goes to a URL signed long ago: s3rver answers 403 "Request has expired".
  const spoiling: FetchLike = (url, init) => {
    if (init.method !== 'PUT' || partOf(url) !== 3 || spoiled) return fetch(url, init);
    spoiled = true;
    const bad = new URL(url);
    bad.searchParams.set('X-Amz-Date', '20200101T000000Z');
    return fetch(bad.toString(), init);
  };
  const created = await uploadFile(admin, await fileSource(file.path), {
    s3_config_id: configId,
    multipartThreshold: 10 * MIB,
    retryDelayMs: 10,
    fetch: spoiling,
  });
  assert.ok(spoiled);
  assert.equal(resigned, [[3]]);
  assert.is(await sharedSha256(admin, created.slug), file.sha256);
});

test('a part that keeps failing fails the upload with "multipart part failed" and aborts it', async () => {
  const file = await randomFile(dir, 'doomed.bin', 12 * MIB);
  const before = (await admin.files.list()).total;
  let tries = 0;
  const broken: FetchLike = (url, init) => {
    if (init.method === 'PUT' && partOf(url) === 3) {
      tries++;
      return Promise.reject(new TypeError('fetch failed'));
    }
    return fetch(url, init);
  };
  const err = await uploadFile(admin, await fileSource(file.path), {
    s3_config_id: configId,
    multipartThreshold: 10 * MIB,
    retries: 2,
    retryDelayMs: 10,
    fetch: broken,
  }).catch((e) => e);
  assert.instance(err, ClipError);
  assert.is(err.code, 'PART_FAILED');
  assert.match(err.message, /^multipart part failed: part 3: network error/);
  assert.is(tries, 3, 'one try and two retries');
  const init = inits[inits.length - 1];
  const gone = await admin.files
    .multipartParts({ file_id: init.file_id, upload_id: init.upload_id, part_numbers: [1] })
    .catch((e) => e);
  assert.instance(gone, ClipError, 'the pending upload was aborted');
  assert.is(gone.status, 404);
  assert.is((await admin.files.list()).total, before);
});

test('cancelling a multipart upload mid-way rejects with "upload cancelled", aborts it and leaves no share', async () => {
  const file = await randomFile(dir, 'cancelled.bin', 12 * MIB);
  const before = (await admin.files.list()).total;
  const controller = new AbortController();
  const cancelling: FetchLike = (url, init) => {
    if (init.method === 'PUT' && partOf(url) === 3) controller.abort();
    return fetch(url, init);
  };
  const err = await uploadFile(admin, await fileSource(file.path), {
    s3_config_id: configId,
    multipartThreshold: 10 * MIB,
    concurrency: 1,
    signal: controller.signal,
    fetch: cancelling,
  }).catch((e) => e);
  assert.instance(err, ClipError);
  assert.is(err.message, 'upload cancelled');
  const init = inits[inits.length - 1];
  const gone = await admin.files
    .multipartParts({ file_id: init.file_id, upload_id: init.upload_id, part_numbers: [1] })
    .catch((e) => e);
  assert.is(gone.status, 404);
  assert.is((await admin.files.list()).total, before);
});

test('a file larger than the space left fails with "insufficient storage" and the sizes', async () => {
  const small = await addS3Config(server, s3, 'one mebibyte', MIB);
  const file = await randomFile(dir, 'too-much.bin', 2 * MIB);
  for (const multipartThreshold of [10 * MIB, MIB]) {
    const err = await uploadFile(admin, await fileSource(file.path), {
      s3_config_id: small,
      multipartThreshold,
    }).catch((e) => e);
    assert.instance(err, ClipError);
    assert.is(err.code, 'INSUFFICIENT_STORAGE');
    assert.is(
      err.message,
      'insufficient storage: file 2.00 MiB, 1.00 MiB remaining, 1.00 MiB total capacity',
    );
  }
});

test('an API key with file permission uploads to a public S3 config, and sees the share as its own', async () => {
  const { client } = await server.keyClient({ file: true });
  const file = await randomFile(dir, 'by-key.bin', 11 * MIB);
  const created = await uploadFile(client, await fileSource(file.path), {
    multipartThreshold: 10 * MIB,
    s3_config_id: configId,
  });
  assert.is(await sharedSha256(client, created.slug), file.sha256);
  assert.equal(
    (await client.files.list()).items.map((f) => f.id),
    [created.id],
  );
});

test.run();
