// A Node direct upload of a file (what `clip upload` to a local storage does) makes its lookups and its
// POST over node:http and never loads Node's fetch stack (~90 ms of CPU at start-up; ADR 0030).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** A server answering the lookups (a local default storage) and the upload; records what it was asked. */
function fakeServer(seen: string[]) {
  const data: Record<string, unknown> = {
    'GET /api/system/max-upload-size': { max_upload_size: 10 },
    'GET /api/s3-configs': { items: [{ id: 'local', provider_type: 'local', is_default: true }], total: 1 },
  };
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const key = `${req.method} ${req.url}`;
    seen.push(`${key} ${req.headers.authorization}`);
    let length = 0;
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
    });
    req.on('end', () => {
      const upload = key === 'POST /api/upload';
      const body = upload ? { id: 'f1', slug: 'abc', size: length } : data[key];
      res.writeHead(upload ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: upload ? 201 : 200, success: true, message: 'ok', data: body }));
    });
  });
}

const CHILD = `
import { ClipClient, uploadFile } from '@clip/sdk';
import { fileSource } from '@clip/sdk/node';
const [server, path] = process.argv.slice(1);
const client = new ClipClient({ baseUrl: server, auth: { type: 'admin', token: 't0k' } });
let mode = null;
const created = await uploadFile(client, await fileSource(path), { onProgress: (p) => { mode = p.mode ?? mode; } });
const fetchStack = process.moduleLoadList.filter((m) => /undici/.test(m));
process.stdout.write(JSON.stringify({ created, mode, fetchStack }));
`;

test('a direct upload of a file looks up and sends over node:http, without loading the fetch stack', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'clip-node-request-'));
  const seen: string[] = [];
  const server = fakeServer(seen);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const file = join(dir, 'a.bin');
    await writeFile(file, Buffer.alloc(300_000, 'x'));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--conditions=source', '--input-type=module', '-e', CHILD, url, file],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`child exited ${code}`))));
    });
    const result = JSON.parse(out);
    assert.equal(result.fetchStack, []);
    assert.is(result.mode, 'direct');
    assert.is(result.created.slug, 'abc');
    assert.ok(result.created.size > 300_000, 'the form carries the whole file');
    assert.equal(seen.sort(), [
      'GET /api/s3-configs Bearer t0k',
      'GET /api/system/max-upload-size Bearer t0k',
      'POST /api/upload Bearer t0k',
    ]);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
