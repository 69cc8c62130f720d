// What the upload benchmark needs around clip: a large random file, s3rver as its own process, an S3
// storage config pointing at it, a raised upload limit, and removal of what each run stored.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiCall } from './clipApi.mjs';
import { BENCH_DIR, node24 } from './paths.mjs';
import { freePort, stopProcess } from './processes.mjs';

export const MIB = 1024 * 1024;

/** Writes `size` random bytes (incompressible, so no layer can cheat) in 4 MiB chunks. */
export async function writeRandomFile(path, size) {
  const file = await open(path, 'w');
  try {
    for (let done = 0; done < size; ) {
      const chunk = randomBytes(Math.min(4 * MIB, size - done));
      await file.write(chunk);
      done += chunk.length;
    }
  } finally {
    await file.close();
  }
  return path;
}

/** Starts a bench/reference script on a free port and waits for its "listening" line. */
async function startReference(script, env) {
  const port = await freePort();
  const child = spawn(node24(), [join(BENCH_DIR, 'reference', script)], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 30_000);
    child.stdout.on('data', (d) => {
      output += d;
      if (output.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, child };
}

/** s3rver in its own process, with a fresh directory and one bucket. */
export async function startS3rverProcess(bucket = 'bench-uploads') {
  const directory = await mkdtemp(join(tmpdir(), 'clip-bench-s3rver-'));
  const { url, pid, child } = await startReference('s3rver.mjs', {
    S3RVER_DIR: directory,
    S3RVER_BUCKET: bucket,
  });
  return {
    url,
    bucket,
    pid,
    /** s3rver's own files (its filesystem store): `<directory>/<bucket>/<key>._S3rver_object`, ... */
    directory,
    credentials: {
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_DEFAULT_REGION: 'us-east-1',
    },
    async stop() {
      await stopProcess(child);
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The bare Node upload sink (bench/reference/uploadSink.mjs), writing into `directory`. */
export async function startUploadSink(directory) {
  const { url, child } = await startReference('uploadSink.mjs', { SINK_DIR: directory });
  return { url, stored: join(directory, 'upload.bin'), stop: () => stopProcess(child) };
}

/** Lets clip take the benchmark's file and registers s3rver as a storage config; answers its id. */
export async function prepareClip(clip, auth, s3, maxUploadMb) {
  await apiCall(`${clip.url}/api/admin/system-settings`, {
    method: 'PUT',
    auth,
    body: { max_upload_size: maxUploadMb },
  });
  const config = await apiCall(`${clip.url}/api/s3-configs`, {
    method: 'POST',
    auth,
    body: {
      name: 's3rver',
      provider_type: 'other',
      endpoint_url: s3.url,
      bucket_name: s3.bucket,
      region: 'us-east-1',
      access_key_id: 'S3RVER',
      secret_access_key: 'S3RVER',
      path_style: true,
    },
  });
  return config.id;
}

/** Raises the server's upload limit so a file of `size` bytes fits (twice over). */
export function allowUploadsOf(clip, auth, size) {
  return apiCall(`${clip.url}/api/admin/system-settings`, {
    method: 'PUT',
    auth,
    body: { max_upload_size: Math.ceil((size * 2) / MIB) },
  });
}

/** Mounts the local directory `root` (created here) at `mountPath` through a local storage config. */
export async function mountLocalDir(clip, auth, root, mountPath) {
  await mkdir(root);
  const config = await apiCall(`${clip.url}/api/s3-configs`, {
    method: 'POST',
    auth,
    body: { name: 'bench local', provider_type: 'local', root_path: root },
  });
  await apiCall(`${clip.url}/api/admin/mounts`, {
    method: 'POST',
    auth,
    body: { name: 'bench local', mount_path: mountPath, storage_type: 'local', storage_config_id: config.id },
  });
}

/** Deletes a share and its stored file, so runs do not fill the disk. */
export function deleteShare(clip, auth, id) {
  return apiCall(`${clip.url}/api/admin/files/${encodeURIComponent(id)}`, { method: 'DELETE', auth });
}
