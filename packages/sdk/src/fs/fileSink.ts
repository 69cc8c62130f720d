/**
 * Downloads into a file on disk (Node only; exported from '@clip/sdk/node'). Bytes go to `<dest>.part`
 * beside a small `<dest>.part.json` naming the version (ETag, size); a later download of the same version
 * continues from the `.part` file's length, and the finished file is renamed into place.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { FsDownloadSink } from './download.ts';

export function fileDownloadSink(dest: string): FsDownloadSink<string> {
  const part = `${dest}.part`;
  const info = `${dest}.part.json`;
  let out: WriteStream | null = null;
  const open = (flags: 'a' | 'w') => {
    out = createWriteStream(part, { flags });
    return out;
  };
  const close = () =>
    new Promise<void>((resolve, reject) => {
      const s = out;
      out = null;
      if (!s) return resolve();
      s.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
  return {
    async start(version) {
      const held = await readFile(info, 'utf8')
        .then((t) => JSON.parse(t) as { size: number; etag: string | null })
        .catch(() => null);
      const length = await stat(part).then(
        (s) => s.size,
        () => -1,
      );
      await writeFile(info, JSON.stringify(version));
      if (
        held &&
        length > 0 &&
        held.etag !== null &&
        held.etag === version.etag &&
        held.size === version.size &&
        length <= version.size
      ) {
        open('a');
        return length;
      }
      open('w');
      return 0;
    },
    async reset() {
      await close();
      open('w');
    },
    async write(chunk) {
      const s = out ?? open('a');
      if (!s.write(chunk)) await new Promise<void>((resolve) => s.once('drain', () => resolve()));
    },
    async finish() {
      await close();
      await rename(part, dest);
      await rm(info, { force: true });
      return dest;
    },
    async fail() {
      await close().catch(() => undefined);
    },
  };
}
