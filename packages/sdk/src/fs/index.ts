export { blobDownloadSink, type FsDownloadOptions, type FsDownloadSink } from './download.ts';
export { sourceFingerprint } from './fingerprint.ts';
export { chooseFsMode, FS_DIRECT_THRESHOLD, type FsUploadOptions } from './upload.ts';
export type { FsBatchFile, FsUploadBatchOptions } from './uploadBatch.ts';
