// Chromium's ceiling for uploads (browser-upload bench): a bare Node HTTP server that reads and drops
// every request body, so what a browser upload to it costs is the browser's own. Run as a child process
// (`node uploadSink.mjs`: prints its URL), started and stopped by `startUploadSink()`.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { node24 } from './paths.mjs';
import { stopProcess, waitForHttp } from './processes.mjs';

// The page the bench drives: a file input, nothing else. The same origin as the sink, so no CORS.
const PAGE = `<!doctype html><meta charset="utf-8"><title>upload sink</title>
<label>File to send <input type="file"></label>`;

function serve() {
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
      return;
    }
    // The body is counted and dropped; the answer is as small as clip's part answer.
    let received = 0;
    req.on('data', (chunk) => {
      received += chunk.length;
    });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received }));
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`http://127.0.0.1:${server.address().port}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

/** Starts the sink in a child process; answers { url, pid, stop() }. */
export async function startUploadSink() {
  const child = spawn(node24(), [fileURLToPath(import.meta.url)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 30_000;
  while (!/^http:\S+\n/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`upload sink did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = output.split('\n')[0];
  await waitForHttp(url, child, () => output);
  return { url, pid: child.pid, stop: () => stopProcess(child) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) serve();
