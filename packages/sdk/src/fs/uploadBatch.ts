/**
 * `fs.uploadBatch(folder, files)`: many small files in one form (`POST .../fs/upload-batch`, ADR 0093).
 * Each file is named by its path relative to `folder` (`a.txt`, `photos/2024/b.jpg`); the server makes
 * the sub-folders. One request for up to FS_BATCH_MAX_FILES files spares a browser its per-request cost
 * (~30 ms of CPU across its processes per small file). A file the server cannot write comes back in
 * `failed`; the others land. Browser-safe: XMLHttpRequest for progress where it exists, fetch elsewhere.
 */
import { unwrapEnvelope } from '../client.ts';
import { FS_BATCH_MAX_FILES, type FsBatchUploadResult } from '../contract/index.ts';
import { ClipError } from '../errors.ts';
import type { ClipClient } from '../sdk.ts';
import { transferError, uploadCancelled } from '../upload/errors.ts';
import { postFormData } from '../upload/sources/formDataPost.ts';

export interface FsBatchFile {
  /** The file's path relative to the batch's folder. */
  name: string;
  body: Blob;
}

export interface FsUploadBatchOptions {
  /** Make the folder (and its parents) when missing; sub-folders of relative names are always made. */
  createParents?: boolean;
  signal?: AbortSignal;
  /** Bytes of the files sent so far (the form's framing not counted), as they go out. */
  onProgress?: (progress: { loaded: number; total: number }) => void;
  /** The fetch where there is no XMLHttpRequest (default: global fetch). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

export async function uploadBatchToFolder(
  client: ClipClient,
  folder: string,
  files: FsBatchFile[],
  options: FsUploadBatchOptions = {},
): Promise<FsBatchUploadResult> {
  if (files.length === 0 || files.length > FS_BATCH_MAX_FILES)
    throw new ClipError(
      400,
      'VALIDATION_FAILED',
      `a batch takes 1 to ${FS_BATCH_MAX_FILES} files; this one has ${files.length}`,
    );
  const signal = options.signal ?? new AbortController().signal;
  if (signal.aborted) throw uploadCancelled();
  const transport = client.transport;
  const form = new FormData();
  // The folder first: the server streams each file straight to storage, so it must know where first.
  form.append('path', folder);
  if (options.createParents) form.append('create_parents', 'true');
  let total = 0;
  for (const file of files) {
    form.append('file', file.body, file.name);
    total += file.body.size;
  }
  let loaded = 0;
  const report = (n: number) => {
    loaded = Math.min(total, loaded + n);
    options.onProgress?.({ loaded, total });
  };
  let raw: Awaited<ReturnType<typeof postFormData>>;
  try {
    raw = await postFormData(form, total, {
      url: transport.url(`${client.fs.scope()}/upload-batch`),
      headers: transport.headers(),
      signal,
      onBytes: report,
      onSent: () => report(total),
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    });
  } catch (err) {
    throw transferError(err, signal);
  }
  if (raw.status < 200 || raw.status >= 300)
    return transport.fail(new Response(raw.text, { status: raw.status, statusText: raw.statusText }), 'file');
  return unwrapEnvelope<FsBatchUploadResult>(raw.status, raw.text);
}
