/** Fixtures for the copy tests: files written through the fs service, and their bytes read back. */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Actor } from '../../../services/actor.ts';
import type { FsService } from '../../types.ts';

export const ADMIN: Actor = { kind: 'admin', id: 'copy-test', username: 'admin' };

export async function writeFile(fs: FsService, path: string, content: Buffer | string): Promise<void> {
  const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
  await fs.write(ADMIN, path, Readable.from([body]), { size: body.length, createParents: true });
}

/** A large file of pseudo-random bytes, generated as it streams (never whole in memory). */
export async function writeBigFile(fs: FsService, path: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const block = randomBytes(1024 * 1024);
  async function* chunks() {
    for (let sent = 0, n = 0; sent < size; n++) {
      const len = Math.min(block.length, size - sent);
      const chunk = Buffer.from(block.subarray(0, len));
      chunk.writeUInt32BE(n, 0);
      hash.update(chunk);
      sent += len;
      yield chunk;
    }
  }
  await fs.write(ADMIN, path, Readable.from(chunks()), { size, createParents: true });
  return hash.digest('hex');
}

export async function readText(fs: FsService, path: string): Promise<string> {
  const read = await fs.read(ADMIN, path);
  const parts: Buffer[] = [];
  for await (const c of read.stream) parts.push(c as Buffer);
  return Buffer.concat(parts).toString();
}

export async function sha256Of(fs: FsService, path: string): Promise<string> {
  const read = await fs.read(ADMIN, path);
  const hash = createHash('sha256');
  for await (const c of read.stream) hash.update(c as Buffer);
  return hash.digest('hex');
}

/** Every file below a folder, as path -> size. */
export async function tree(fs: FsService, dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    const listing = await fs.listAll(ADMIN, d, { refresh: true });
    for (const item of listing.items) {
      if (item.type === 'folder') stack.push(item.path);
      else out.set(item.path.slice(dir.length), item.size ?? 0);
    }
  }
  return out;
}
