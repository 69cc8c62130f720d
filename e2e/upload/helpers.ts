/** Shared by the upload suites: random files with their digest, digests of downloads, progress checks. */
import { createHash, randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClipClient, UploadProgress } from '@clip/sdk';
import { s3ConfigBody, type TestS3, type TestServer } from '@clip/server/testing';
import * as assert from 'uvu/assert';

export const MIB = 1024 * 1024;

/** Writes `size` random bytes to dir/name in 1 MiB chunks; answers the path and its sha256. */
export async function randomFile(
  dir: string,
  name: string,
  size: number,
): Promise<{ path: string; sha256: string }> {
  const path = join(dir, name);
  const hash = createHash('sha256');
  const file = await open(path, 'w');
  try {
    for (let done = 0; done < size; ) {
      const chunk = randomBytes(Math.min(MIB, size - done));
      hash.update(chunk);
      await file.write(chunk);
      done += chunk.length;
    }
  } finally {
    await file.close();
  }
  return { path, sha256: hash.digest('hex') };
}

/** Downloads a share through its public signed link and answers the sha256 of what came back. */
export async function sharedSha256(client: ClipClient, slug: string): Promise<string> {
  const view = await client.files.getPublic(slug);
  if ('requires_password' in view) throw new Error(`share ${slug} is protected`);
  const res = await fetch(new URL(view.download_url, client.transport.baseUrl));
  assert.is(res.status, 200, `download of ${slug} answered ${res.status}`);
  const hash = createHash('sha256');
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest('hex');
}

/** Collects progress events. */
export function progressLog(): { events: UploadProgress[]; onProgress: (p: UploadProgress) => void } {
  const events: UploadProgress[] = [];
  return { events, onProgress: (p) => events.push(p) };
}

/** Percent never goes down and ends at 100 with stage completed; bytes never go down within a stage run. */
export function assertProgressWellFormed(events: UploadProgress[], total: number): void {
  assert.ok(events.length >= 3, `only ${events.length} progress events`);
  for (let i = 1; i < events.length; i++) {
    assert.ok(events[i].percent >= events[i - 1].percent, `percent went down at event ${i}`);
    if (events[i].stage === events[i - 1].stage)
      assert.ok(events[i].loaded >= events[i - 1].loaded, `bytes went down at event ${i}`);
    assert.ok(
      events[i].percent <= (events[i].stage === 'completed' ? 100 : 99),
      `percent ${events[i].percent} early`,
    );
  }
  const last = events[events.length - 1];
  assert.is(last.stage, 'completed');
  assert.is(last.percent, 100);
  assert.is(last.loaded, total);
  assert.is(events[0].stage, 'starting');
}

/** The order stages first appear in. */
export function stageOrder(events: UploadProgress[]): string[] {
  const seen: string[] = [];
  for (const e of events) if (!seen.includes(e.stage)) seen.push(e.stage);
  return seen;
}

/** An S3 storage config (public, so keys may use it) pointing at s3rver. */
export async function addS3Config(
  server: TestServer,
  s3: TestS3,
  name = 's3rver',
  capacityBytes: number | null = null,
): Promise<string> {
  const admin = await server.adminClient();
  const config = await admin.storageConfigs.create({
    ...s3ConfigBody(s3, name),
    total_storage_bytes: capacityBytes,
  });
  return config.id;
}
