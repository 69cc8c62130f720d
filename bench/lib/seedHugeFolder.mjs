// A folder of 100,000 small objects, written straight to disk (PUTs through s3rver would take ~10 min on
// the shared machine): into s3rver's filesystem store, as its PutObject leaves them (the object, its
// MD5 and its metadata, which s3rver's listing reads back), and into a plain local folder.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiCall } from './clipApi.mjs';
import { prepareClip } from './uploadSetup.mjs';

export const hugeName = (i) => `file-${String(i).padStart(6, '0')}.txt`;

async function eachLimited(count, limit, work) {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** `count` objects under `<prefix>/` of s3rver's bucket, written into its store directory. */
export async function seedS3rverFolder(s3, prefix, count) {
  const dir = join(s3.directory, s3.bucket, prefix);
  await mkdir(dir, { recursive: true });
  const metadata = JSON.stringify({ 'content-type': 'text/plain' }, null, 2);
  await eachLimited(count, 32, async (i) => {
    const body = `object ${i}\n`;
    const base = join(dir, hugeName(i));
    await writeFile(`${base}._S3rver_object`, body);
    await writeFile(`${base}._S3rver_object.md5`, createHash('md5').update(body).digest('hex'));
    await writeFile(`${base}._S3rver_metadata.json`, metadata);
  });
}

/** `count` files in the folder `dir`. */
export async function seedLocalFolder(dir, count) {
  await mkdir(dir, { recursive: true });
  await eachLimited(count, 32, (i) => writeFile(join(dir, hugeName(i)), `object ${i}\n`));
}

/**
 * s3rver's bucket mounted at /s3 and the local folder `diskRoot` at /disk, both with cache_ttl 3600 s;
 * with `live`, the same storages also at /s3-live and /disk-live with no listing cache (every folder,
 * whatever its size, is paged from storage as it is read).
 */
export async function mountHugeStorages(clip, auth, s3, diskRoot, { live = false } = {}) {
  const s3ConfigId = await prepareClip(clip, auth, s3, 100);
  const local = await apiCall(`${clip.url}/api/s3-configs`, {
    method: 'POST',
    auth,
    body: { name: 'bench local', provider_type: 'local', root_path: diskRoot },
  });
  const mounts = [
    ['/s3', 's3', s3ConfigId, 3600],
    ['/disk', 'local', local.id, 3600],
  ];
  if (live) mounts.push(['/s3-live', 's3', s3ConfigId, 0], ['/disk-live', 'local', local.id, 0]);
  for (const [path, type, id, cacheTtl] of mounts)
    await apiCall(`${clip.url}/api/admin/mounts`, {
      method: 'POST',
      auth,
      body: {
        name: `bench ${type}${path.endsWith('-live') ? ' live' : ''}`,
        mount_path: path,
        storage_type: type,
        storage_config_id: id,
        cache_ttl: cacheTtl,
      },
    });
}
