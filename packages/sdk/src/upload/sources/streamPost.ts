/**
 * A POST whose body is made on the fly (an encrypted upload's stream), over node:http(s) as the direct
 * upload of a file is (formPost.ts): undici's fetch took about twice the client's CPU for the same
 * gigabyte. Each chunk is written once the socket has taken the one before; an early answer (a refusal)
 * wins and stops the sending.
 */
import type { ClientRequest } from 'node:http';
import type { RawResponse, StreamPost } from '../types.ts';
import { answerOf, openRequest } from './nodeRequest.ts';

function write(req: ClientRequest, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    if (req.destroyed) return reject(new Error('the connection is closed'));
    const onClose = () => reject(new Error('the connection is closed'));
    req.once('close', onClose);
    req.write(chunk, (err) => {
      req.off('close', onClose);
      if (err) reject(err);
      else resolve();
    });
  });
}

export async function sendStreamPost(request: StreamPost): Promise<RawResponse> {
  const req = openRequest(new URL(request.url), {
    method: 'POST',
    // As formPost.ts: a connection of its own, kept alive so an early refusal's answer is not reset away.
    headers: { ...request.headers, 'content-length': String(request.size), connection: 'keep-alive' },
    agent: false,
    signal: request.signal,
  });
  let answered = false;
  const answer = answerOf(req).finally(() => {
    answered = true;
  });
  const sending = (async () => {
    for await (const chunk of request.body) {
      if (answered) return;
      await write(req, chunk);
    }
    req.end();
    request.onSent();
  })().catch((err) => req.destroy(err));
  try {
    return await answer;
  } finally {
    if (!req.writableFinished) req.destroy();
    await sending;
  }
}
