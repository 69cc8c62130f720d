/** Node-only helpers: a keep-alive undici dispatcher for CLI and server-to-server use. */
import { Agent, fetch as undiciFetch } from 'undici';
import type { FetchLike } from './client.ts';

export { fileDownloadSink } from './fs/fileSink.ts';
export {
  type FileSource,
  type FileSourceOptions,
  fileSource,
  streamingFetch,
} from './upload/sources/node.ts';
export { tempFileSink } from './upload/sources/nodeSink.ts';

export function createNodeFetch(
  options: { connections?: number; headersTimeoutMs?: number } = {},
): FetchLike {
  const dispatcher = new Agent({
    connections: options.connections ?? 16,
    headersTimeout: options.headersTimeoutMs ?? 300_000,
    bodyTimeout: 0,
  });
  return (input, init) =>
    undiciFetch(input, { ...(init as object), dispatcher }) as unknown as Promise<Response>;
}
