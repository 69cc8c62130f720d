/** Small helpers the storage conformance suite and driver tests share. */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import * as assert from 'uvu/assert';

export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A random body of `size` bytes, streamed in 64 KiB pieces with no length known up front, and its sha256. */
export function generatedBody(size: number): { stream: Readable; sha256: string } {
  const hash = createHash('sha256');
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < size; offset += 65536) {
    const piece = randomBytes(Math.min(65536, size - offset));
    hash.update(piece);
    pieces.push(piece);
  }
  return { stream: Readable.from(pieces), sha256: hash.digest('hex') };
}

/** A body that yields `good` bytes and then fails, as a client disconnecting mid-upload does. */
export function failingBody(good: number): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.alloc(good, 7);
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('client went away');
    })(),
  );
}

export async function rejectsWith(
  p: Promise<unknown>,
  type: new (...args: never[]) => Error,
): Promise<Error> {
  try {
    await p;
  } catch (err) {
    if (!(err instanceof type))
      throw new assert.Assertion({
        message: `expected ${type.name}, got ${(err as Error)?.name}: ${(err as Error)?.message}`,
      } as never);
    return err;
  }
  throw new assert.Assertion({ message: `expected a ${type.name}` } as never);
}
