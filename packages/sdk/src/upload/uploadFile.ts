/**
 * `uploadFile(client, source, options)`: one entry for every way a file reaches storage. It checks the
 * size limit, picks direct, presigned or multipart from the storage's capabilities and the size, and
 * reports progress through section 4's stages.
 */
import type { FileShareCreated, MaxUploadSize } from '../contract/index.ts';
import { encryptBlob } from '../e2e/blob.ts';
import { encodeKey, generateKey, withKeyFragment } from '../e2e/keys.ts';
import { encryptedSource, SEALED_NAME, SEALED_TYPE } from '../e2e/source.ts';
import { ClipError } from '../errors.ts';
import type { ClipClient } from '../sdk.ts';
import { directUpload } from './direct.ts';
import { fileEndpoints, type UploadEndpoints } from './endpoints.ts';
import { uploadCancelled, withSpaceReport } from './errors.ts';
import { formatBytes } from './format.ts';
import { createJob, DEFAULT_MULTIPART_THRESHOLD, declaredType, type UploadJob } from './job.ts';
import { lookup } from './lookup.ts';
import { multipartUpload } from './multipart.ts';
import { chooseMode, isUnsupportedMode, lookupCapabilities } from './plan.ts';
import { presignedUpload } from './presigned.ts';
import { type PercentRange, ProgressReporter } from './progress.ts';
import { blobSource } from './sources/blob.ts';
import type { UploadedShare, UploadMode, UploadOptions, UploadSource } from './types.ts';

/** Uploads a Blob/File (browser) or an UploadSource (e.g. `fileSource(path)` from '@clip/sdk/node'). */
export async function uploadFile(
  client: ClipClient,
  input: UploadSource | Blob,
  options: UploadOptions = {},
): Promise<UploadedShare> {
  if (options.encrypt) return uploadEncrypted(client, input, options);
  const source = input instanceof Blob ? blobSource(input) : input;
  return uploadSource(
    client,
    source,
    options,
    fileEndpoints(client),
    new ProgressReporter(options.onProgress),
  );
}

/**
 * Only ciphertext leaves: a Blob is encrypted into a Blob first (browsers cannot stream a request
 * body), any other source is encrypted range by range as it is sent.
 */
async function uploadEncrypted(
  client: ClipClient,
  input: UploadSource | Blob,
  options: UploadOptions,
): Promise<UploadedShare> {
  const key = options.key ?? generateKey();
  let source: UploadSource;
  if (input instanceof Blob) {
    const name = options.filename ?? ((input as Blob & { name?: string }).name || 'file');
    const type = options.mimetype ?? declaredType(name, input.type || null) ?? 'application/octet-stream';
    source = blobSource(await encryptBlob(input, key, { name, type }), SEALED_NAME);
  } else {
    const named = {
      ...input,
      name: options.filename ?? input.name,
      type: options.mimetype ?? declaredType(options.filename ?? input.name, input.type) ?? null,
    };
    source = await encryptedSource(named, key);
  }
  const plain: UploadOptions = {
    ...options,
    encrypt: false,
    encrypted: true,
    filename: SEALED_NAME,
    mimetype: SEALED_TYPE,
  };
  const created = await uploadSource(
    client,
    source,
    plain,
    fileEndpoints(client),
    new ProgressReporter(options.onProgress),
  );
  return { ...created, url: withKeyFragment(created.url, key), key: encodeKey(key) };
}

/** Refuses a file over the server's maximum upload size before sending any of it. */
async function checkMaxSize(client: ClipClient, source: UploadSource): Promise<void> {
  const size = source.size;
  let limitMb: number;
  try {
    limitMb = (await lookup<MaxUploadSize>(client, source, '/system/max-upload-size')).max_upload_size;
  } catch {
    return; // The server checks again; an unreadable limit must not block the upload.
  }
  const limit = Math.floor(limitMb * 1024 * 1024);
  if (size > limit)
    throw new ClipError(
      413,
      'PAYLOAD_TOO_LARGE',
      `file is ${formatBytes(size)}, over the maximum upload size of ${limitMb} MB`,
    );
}

function run(mode: UploadMode, job: UploadJob): Promise<FileShareCreated> {
  job.reporter.setMode(mode);
  if (mode === 'direct') return directUpload(job);
  if (mode === 'presigned') return presignedUpload(job);
  return multipartUpload(job);
}

/** The upload itself, shared by file and URL uploads (which map it onto `range` of the percent scale). */
export async function uploadSource(
  client: ClipClient,
  source: UploadSource,
  options: UploadOptions,
  endpoints: UploadEndpoints,
  reporter: ProgressReporter,
  range?: PercentRange,
): Promise<FileShareCreated> {
  const signal = options.signal;
  if (signal?.aborted) throw uploadCancelled();
  reporter.phase('starting', source.size, range);
  try {
    // Both lookups at once (a round trip less before the first byte); the size check still comes first.
    const capabilities =
      options.mode || options.storage ? null : lookupCapabilities(client, source, options.s3_config_id);
    if (!options.skipSizeCheck) await checkMaxSize(client, source);
    const job = createJob(client, source, options, endpoints, reporter);
    let mode = options.mode;
    let guessed = false;
    if (!mode) {
      const storage = options.storage ?? (await capabilities);
      guessed = storage === null;
      mode = chooseMode(
        source.size,
        storage ?? { presign: true, multipart: true },
        options.multipartThreshold ?? DEFAULT_MULTIPART_THRESHOLD,
      );
    }
    let created: FileShareCreated;
    try {
      created = await run(mode, job);
    } catch (err) {
      // Capabilities unknown and the config cannot presign: the server takes the bytes itself.
      if (!guessed || mode === 'direct' || !isUnsupportedMode(err)) throw err;
      created = await run('direct', job);
    }
    reporter.stage('completed');
    return created;
  } catch (err) {
    throw signal?.aborted ? uploadCancelled() : withSpaceReport(err, source.size);
  }
}
