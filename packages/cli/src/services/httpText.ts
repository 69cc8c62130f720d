/**
 * The CLI's JSON calls over `node:http(s)` (the SDK's TextRequester) instead of fetch: Node loads its
 * fetch stack (undici, web streams) on the first call and reads every body through web streams, which
 * cost `clip ls` of 10,000 items (ten pages) about three times the CPU of this path (docs/performance.md).
 * Keep-alive comes from Node's global agents; a gzip answer is inflated.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { TextRequester } from '@clip/sdk';

async function readText(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return (res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
}

export const requestText: TextRequester = async (url, { method, headers, body, signal }) => {
  // TLS is loaded only for an https server (its modules cost a plain-http command start-up time).
  const send = url.startsWith('https:') ? (await import('node:https')).request : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method, headers: { 'accept-encoding': 'gzip', ...headers }, signal }, (res) => {
      readText(res).then(
        (text) => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', text }),
        reject,
      );
    });
    req.once('error', reject);
    req.end(body);
  });
};
