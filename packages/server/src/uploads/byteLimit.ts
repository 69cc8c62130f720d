import { Transform } from 'node:stream';
import { tooLarge } from '../http/appError.ts';

/**
 * Passes bytes through until more than `limit` have gone by, then fails the stream with 413 (`message`:
 * file shares and the file system have always worded the refusal differently).
 */
export function byteLimit(
  limit: number,
  message = `the file is larger than the upload limit of ${limit} bytes`,
): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      seen += chunk.length;
      if (seen > limit) callback(tooLarge(message));
      else callback(null, chunk);
    },
  });
}
