/**
 * How one drop or pick of files is sent (ADR 0093): small files in batches (one request for many, each
 * file named by its path relative to the batch's folder), larger ones one request each as before. The
 * batches are spread evenly so the requests in flight finish together: 200 files at four at once make
 * eight batches of 25, not seven of ~29 with one round three-quarters idle.
 */

/** A file up to this size goes in a batch. */
export const BATCH_FILE_MAX_BYTES = 256 * 1024;
/** Files in one batch at most (the server takes up to 100). */
export const BATCH_MAX_FILES = 32;
/** Bytes of one batch at most: its progress and a retry stay fine-grained. */
export const BATCH_MAX_BYTES = 4 * 1024 * 1024;
/** Fewer files than this in a batch are not worth splitting further across requests. */
const BATCH_MIN_FILES = 8;

export type UploadJob = { kind: 'single'; index: number } | { kind: 'batch'; indexes: number[] };

/** Jobs over the entries' indexes, in the entries' order (a batch where its first file was). */
export function planUploads(sizes: number[], inFlight: number): UploadJob[] {
  const small = sizes.flatMap((size, i) => (size <= BATCH_FILE_MAX_BYTES ? [i] : []));
  let batches = Math.ceil(small.length / BATCH_MAX_FILES);
  if (batches < inFlight) batches = Math.min(inFlight, Math.ceil(small.length / BATCH_MIN_FILES));
  else batches = Math.ceil(batches / inFlight) * inFlight;
  const perBatch = Math.ceil(small.length / Math.max(1, batches));

  const groups: number[][] = [];
  let open: number[] = [];
  let openBytes = 0;
  for (const i of small) {
    if (open.length >= perBatch || (open.length > 0 && openBytes + sizes[i] > BATCH_MAX_BYTES)) {
      groups.push(open);
      open = [];
      openBytes = 0;
    }
    open.push(i);
    openBytes += sizes[i];
  }
  if (open.length) groups.push(open);

  const jobs: UploadJob[] = [];
  const batchAt = new Map(groups.map((g) => [g[0], g]));
  for (let i = 0; i < sizes.length; i++) {
    if (sizes[i] > BATCH_FILE_MAX_BYTES) jobs.push({ kind: 'single', index: i });
    const group = batchAt.get(i);
    if (group)
      jobs.push(group.length === 1 ? { kind: 'single', index: i } : { kind: 'batch', indexes: group });
  }
  return jobs;
}

/** The deepest folder holding all of `folders` (absolute paths). */
export function commonFolder(folders: string[]): string {
  let common = folders[0].split('/').filter(Boolean);
  for (const folder of folders.slice(1)) {
    const parts = folder.split('/').filter(Boolean);
    let n = 0;
    while (n < common.length && n < parts.length && common[n] === parts[n]) n++;
    common = common.slice(0, n);
  }
  return `/${common.join('/')}`;
}

/** A file's name relative to `base`, for a batch sent to `base`. */
export function relativeName(base: string, folder: string, name: string): string {
  const below = folder.split('/').filter(Boolean).slice(base.split('/').filter(Boolean).length);
  return [...below, name].join('/');
}
