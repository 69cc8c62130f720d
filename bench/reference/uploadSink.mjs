// The floor for HTTP uploads on this machine: a bare Node HTTP server that streams each request body
// into one file (no form parsing, no database; the benchmark removes the file between runs). Run as:
// PORT=... SINK_DIR=... node bench/reference/uploadSink.mjs
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const target = join(process.env.SINK_DIR ?? '.', 'upload.bin');
const server = createServer(async (req, res) => {
  try {
    await pipeline(req, createWriteStream(target));
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"stored":true}');
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`upload sink listening on http://127.0.0.1:${server.address().port}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
