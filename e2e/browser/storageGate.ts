/**
 * A small HTTP relay in front of s3rver for browser suites that need a server-side transfer to stay in
 * flight or to fail: writes (PUT/POST) can be held until released, or refused for chosen object keys
 * with S3's own error body. Everything else passes through untouched (headers included, so SigV4
 * signatures made for the relay's host still verify at s3rver).
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StorageGate {
  endpoint: string;
  /** Writes wait while held; `release()` lets the waiting ones and every later one through. */
  hold(): void;
  release(): void;
  /** How many writes wait now. */
  held(): number;
  /** Writes to keys matching `pattern` answer 400 InvalidRequest (not retried); null refuses none. */
  refuse(pattern: RegExp | null): void;
  close(): Promise<void>;
}

export async function startStorageGate(target: string): Promise<StorageGate> {
  const upstream = new URL(target);
  let holding = false;
  let refusing: RegExp | null = null;
  const waiting: (() => void)[] = [];
  const server = createServer((req, res) => {
    const isWrite = req.method === 'PUT' || req.method === 'POST';
    const pass = () => {
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.pipe(out);
    };
    if (isWrite && refusing?.test(decodeURIComponent(req.url ?? ''))) {
      req.resume();
      res.writeHead(400, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0"?><Error><Code>InvalidRequest</Code><Message>refused by the test gate</Message></Error>',
      );
      return;
    }
    if (isWrite && holding) waiting.push(pass);
    else pass();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    hold: () => {
      holding = true;
    },
    release() {
      holding = false;
      for (const pass of waiting.splice(0)) pass();
    },
    held: () => waiting.length,
    refuse(pattern) {
      refusing = pattern;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
