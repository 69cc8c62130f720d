import { Transform } from 'node:stream';
import { tooLarge } from '../../http/appError.ts';

/** Passes bytes through until more than `limit` have gone by, then fails the stream with 413. */
export function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      seen += chunk.length;
      if (seen > limit) callback(tooLarge(`the file is larger than the upload limit of ${limit} bytes`));
      else callback(null, chunk);
    },
  });
}
