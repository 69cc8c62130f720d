/** Local files the CLI reads (paste, upload, put): one wording for one that cannot be read. */
import { stat } from 'node:fs/promises';
import { type FileSource, fileSource } from '@clip/sdk/node';
import { CliError } from '../errors.ts';

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

export function localFileError(path: string, err: unknown): CliError {
  const code = (err as NodeJS.ErrnoException)?.code ?? '';
  const reason = REASONS[code] ?? (err instanceof Error ? err.message : String(err));
  return new CliError(`${path}: ${reason}`, { cause: err });
}

/** An upload source for a local file, or the failure naming the file and why it cannot be read. */
export async function localFileSource(path: string, options: { name?: string } = {}): Promise<FileSource> {
  const info = await stat(path).catch((err) => {
    throw localFileError(path, err);
  });
  if (!info.isFile()) throw new CliError(`${path}: not a regular file`);
  return fileSource(path, options);
}
