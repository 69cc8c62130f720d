/** Byte plumbing of the stream: fixed-size pieces out of any chunking, and exact reads with a peek. */

/** Chunks sealed or opened at once: WebCrypto runs them off the main thread, so a few keep it busy. */
export const IN_FLIGHT = 4;

/**
 * A chunk's promise that waits in a queue: its failure is reported where it is awaited, in order,
 * never as an unhandled rejection while an earlier chunk is still awaited.
 */
export function inFlight<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * `source` cut into pieces of exactly `size` bytes (the last may be shorter); nothing for an empty
 * source. A whole piece inside one input is handed on as a view of it, not copied (sources never
 * reuse a chunk they have yielded).
 */
export async function* rechunk(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  let piece = new Uint8Array(size);
  let filled = 0;
  for await (const input of source) {
    let offset = 0;
    while (filled === 0 && input.length - offset >= size) {
      yield input.subarray(offset, offset + size);
      offset += size;
    }
    while (offset < input.length) {
      const n = Math.min(size - filled, input.length - offset);
      piece.set(input.subarray(offset, offset + n), filled);
      filled += n;
      offset += n;
      if (filled === size) {
        yield piece;
        piece = new Uint8Array(size);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield piece.subarray(0, filled);
}

/** Reads exact byte counts from an async iterable, holding at most one input chunk beyond what was asked. */
export class ByteReader {
  readonly #it: AsyncIterator<Uint8Array>;
  #held: Uint8Array = new Uint8Array(0);
  #done = false;
  constructor(source: AsyncIterable<Uint8Array>) {
    this.#it = source[Symbol.asyncIterator]();
  }

  /** Up to `n` bytes: fewer only when the source ends. */
  async read(n: number): Promise<Uint8Array> {
    const out = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      if (this.#held.length === 0 && !(await this.#pull())) break;
      const take = Math.min(n - filled, this.#held.length);
      out.set(this.#held.subarray(0, take), filled);
      this.#held = this.#held.subarray(take);
      filled += take;
    }
    return filled === n ? out : out.subarray(0, filled);
  }

  /** True when no byte is left. */
  async atEnd(): Promise<boolean> {
    while (this.#held.length === 0) if (!(await this.#pull())) return true;
    return false;
  }

  /** Stops the source (closes a file or a response body) when reading ends early. */
  async close(): Promise<void> {
    await this.#it.return?.();
  }

  async #pull(): Promise<boolean> {
    if (this.#done) return false;
    const next = await this.#it.next();
    if (next.done) {
      this.#done = true;
      return false;
    }
    this.#held = next.value;
    return true;
  }
}

/** The bytes of a Blob, a ReadableStream or an async iterable, as an async iterable. */
export async function* bytesOf(
  body: Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  if (typeof Blob !== 'undefined' && body instanceof Blob) {
    yield* bytesOf(body.stream() as ReadableStream<Uint8Array>);
    return;
  }
  if (Symbol.asyncIterator in (body as object)) {
    yield* body as AsyncIterable<Uint8Array>;
    return;
  }
  // Older browsers' ReadableStream is not async iterable.
  const reader = (body as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** An async iterable as a ReadableStream (ReadableStream.from is not in every browser yet). */
export function toReadableStream(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await it.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (err) {
          controller.error(err);
        }
      },
      async cancel(reason) {
        await it.return?.(reason);
      },
    },
    { highWaterMark: 1 },
  );
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
