/**
 * One part's body as it arrives: counted and held to its exact size, within the per-part time limit.
 * Too many bytes fail at once; too few fail when the body ends. Not hashed: an S3 storage computes the
 * part's MD5 itself (its ETag), and a local part needs none (ADR 0094).
 */
import { Transform, type TransformCallback } from 'node:stream';
import { badRequest } from '../../http/appError.ts';

export class PartBody extends Transform {
  readonly #expected: number;
  #received = 0;

  constructor(expected: number) {
    super({ highWaterMark: 64 * 1024 });
    this.#expected = expected;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.#received += chunk.length;
    if (this.#received > this.#expected) {
      done(badRequest(`the part has more than the ${this.#expected} bytes it must have`));
      return;
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.#received !== this.#expected) {
      done(badRequest(`the part has ${this.#received} bytes; it must have ${this.#expected}`));
      return;
    }
    done();
  }

  get received(): number {
    return this.#received;
  }
}
