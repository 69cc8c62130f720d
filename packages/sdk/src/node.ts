/** Node-only helpers: a keep-alive undici dispatcher for CLI and server-to-server use. */
import type { Agent } from 'undici';
import type { FetchLike } from './client.ts';

export { fileDownloadSink } from './fs/fileSink.ts';
export {
  type FileSource,
  type FileSourceOptions,
  fileSource,
  streamingFetch,
} from './upload/sources/node.ts';
export { nodeRequestText } from './upload/sources/nodeRequest.ts';
export { tempFileSink } from './upload/sources/nodeSink.ts';

export function createNodeFetch(
  options: { connections?: number; headersTimeoutMs?: number } = {},
): FetchLike {
  let dispatcher: Agent | null = null;
  return async (input, init) => {
    // undici loads on the first request, not with '@clip/sdk/node' (a CLI command that never needs it starts faster).
    const undici = await import('undici');
    dispatcher ??= new undici.Agent({
      connections: options.connections ?? 16,
      headersTimeout: options.headersTimeoutMs ?? 300_000,
      bodyTimeout: 0,
    });
    return (await undici.fetch(input, { ...(init as object), dispatcher })) as unknown as Response;
  };
}
