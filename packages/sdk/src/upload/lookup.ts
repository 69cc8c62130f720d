/**
 * The GETs before an upload (the size limit, the storage's capabilities) go through the source's own
 * means when it has them: the Node file source answers them over node:http, so a direct upload from
 * the CLI never loads Node's fetch stack (~90 ms of CPU). Otherwise the client's transport makes them.
 */
import type { ClipClient } from '../sdk.ts';
import { unwrapRaw } from './direct.ts';
import type { UploadSource } from './types.ts';

export async function lookup<T>(client: ClipClient, source: UploadSource, path: string): Promise<T> {
  const { transport } = client;
  if (!source.get) return transport.request<T>('GET', path);
  return unwrapRaw<T>(transport, await source.get(transport.url(path), transport.headers()), 'default');
}
