/**
 * `clip upload -`: standard input as an upload source. It is streamed to a private temporary file first
 * (never held in memory), so the upload knows its size and can go presigned or in resumable parts.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { UploadSource } from '@clip/sdk';
import { fileSource } from '@clip/sdk/node';

export async function stdinSource(
  name: string,
  input: NodeJS.ReadableStream = process.stdin,
): Promise<UploadSource> {
  const dir = await mkdtemp(join(tmpdir(), 'clip-stdin-'));
  const path = join(dir, 'upload');
  try {
    await pipeline(input, createWriteStream(path, { mode: 0o600 }));
    const source = await fileSource(path, { name });
    return { ...source, dispose: () => rm(dir, { recursive: true, force: true }) };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
