/**
 * `source` piped into `transform` with every error handled: a failure on either side destroys the other
 * and reaches whoever reads `transform` (a storage write), never Node's unhandled 'error' path. A bare
 * `source.pipe(transform)` re-emits the error on `transform`, which ends the process when the reader has
 * not attached its own listener yet (a client cutting an upload short did exactly that).
 */
import { pipeline, type Readable, type Transform } from 'node:stream';

export function pipeThrough<T extends Transform>(source: Readable, transform: T): T {
  pipeline(source, transform, () => {});
  return transform;
}
