/**
 * A pass-through HTTP proxy in front of the test server that records each request's method, path and
 * Range header, so a test can see what the CLI asked for. Bytes and answers pass unchanged.
 */
import { createServer, request, type Server } from 'node:http';

export interface SeenRequest {
  method: string;
  path: string;
  range: string | null;
}

export interface RecordingProxy {
  url: string;
  seen: SeenRequest[];
  /** Where requests go; set once the real server is up (it must know the proxy's URL first). */
  target: string | null;
  /** When set, the next file download is cut off after this many body bytes (a dropped connection). */
  cutNextDownloadAfter: number | null;
  close(): Promise<void>;
}

export async function startRecordingProxy(): Promise<RecordingProxy> {
  const proxy: RecordingProxy = {
    url: '',
    seen: [],
    target: null,
    cutNextDownloadAfter: null,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    proxy.seen.push({ method: req.method ?? '', path: req.url ?? '', range: req.headers.range ?? null });
    const target = new URL(req.url ?? '/', proxy.target ?? 'http://127.0.0.1:9');
    const upstream = request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        const cutAfter = req.url?.startsWith('/api/file-download/') ? proxy.cutNextDownloadAfter : null;
        if (cutAfter === null) return answer.pipe(res);
        proxy.cutNextDownloadAfter = null;
        let sent = 0;
        answer.on('data', (chunk: Buffer) => {
          if (sent + chunk.length > cutAfter) {
            res.write(chunk.subarray(0, cutAfter - sent));
            answer.destroy();
            res.destroy();
            return;
          }
          sent += chunk.length;
          res.write(chunk);
        });
        answer.on('end', () => res.end());
      },
    );
    upstream.on('error', () => res.destroy());
    // A client that dies mid-request (kill -9) drops its upstream request too, as a direct connection would.
    req.on('error', () => upstream.destroy());
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
