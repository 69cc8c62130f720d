/** Small web helpers over the SDK's `fs` resource. */
import type { ClipClient } from '@clip/sdk';

/** A file's text through the authenticated preview route. */
export async function readText(client: ClipClient, path: string, signal?: AbortSignal): Promise<string> {
  const res = await client.fs.openPreview(path, { signal });
  return res.text();
}
