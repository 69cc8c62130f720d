/**
 * One part's body as it arrives: counted, hashed (MD5, the S3 part ETag's meaning) and held to its exact
 * size, within the per-part time limit. Too many bytes fail at once; too few fail when the body ends.
 */
import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { badRequest } from '../../http/appError.ts';

export class PartBody extends Transform {
  readonly #expected: number;
  readonly #hash: Hash | null;
  #received = 0;

  /** `hash` false: the store computes the part's MD5 itself (S3's ETag), so the server need not. */
  constructor(expected: number, options: { hash?: boolean } = {}) {
    super({ highWaterMark: 64 * 1024 });
    this.#expected = expected;
    this.#hash = options.hash === false ? null : createHash('md5');
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.#received += chunk.length;
    if (this.#received > this.#expected) {
      done(badRequest(`the part has more than the ${this.#expected} bytes it must have`));
      return;
    }
    this.#hash?.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.#received !== this.#expected) {
      done(badRequest(`the part has ${this.#received} bytes; it must have ${this.#expected}`));
      return;
    }
    done();
  }

  /** Hex MD5 of the bytes, once the body has ended (null when not hashed). */
  md5(): string | null {
    return this.#hash ? this.#hash.copy().digest('hex') : null;
  }

  get received(): number {
    return this.#received;
  }
}
