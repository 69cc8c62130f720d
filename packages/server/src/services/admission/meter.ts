import { type Readable, Transform } from 'node:stream';
import { pipeThrough } from '../../storage/pipeThrough.ts';
import type { Reservation } from './writeAdmission.ts';

/**
 * `body` held to its reservation: a chunk past what is reserved waits until the reservation grows to
 * cover it, and fails the stream with the reservation's 413 when it cannot.
 */
export function meteredBody(body: Readable, reservation: Reservation): Transform {
  let seen = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen <= reservation.bytes) done(null, chunk);
      else reservation.grow(seen).then(() => done(null, chunk), done);
    },
  });
  return pipeThrough(body, meter);
}
