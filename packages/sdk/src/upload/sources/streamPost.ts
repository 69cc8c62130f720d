/**
 * A POST whose body is made on the fly (an encrypted upload's stream), over node:http(s) as the direct
 * upload of a file is (formPost.ts): undici's fetch took about twice the client's CPU for the same
 * gigabyte. Chunks are written as they come while the socket takes them (its buffer bounds what waits);
 * an early answer (a refusal) wins and stops the sending.
 */
import type { ClientRequest } from 'node:http';
import type { RawResponse, StreamPost } from '../types.ts';
import { answerOf, openRequest } from './nodeRequest.ts';

/** Resolves once the socket wants more, or the connection is gone (the answer then says why). */
function drained(req: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off('drain', done);
      req.off('close', done);
      resolve();
    };
    req.once('drain', done);
    req.once('close', done);
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
      if (answered || req.destroyed) return;
      if (!req.write(chunk)) await drained(req);
    }
    if (answered || req.destroyed) return;
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
