// The Node direct upload's sender against plain node:http servers that behave as clip's server may:
// reading everything, answering before the body is read, closing idle connections.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FileFormBody, sendFileForm } from './formPost.ts';

const MIB = 1024 * 1024;
let dir: string;

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'clip-form-post-'));
});
test.after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A server on a free port; answers its URL and a stop function. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/upload`;
  const stop = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return { server, url, stop };
}

/** A file of `size` bytes (a repeating pattern) and the form body around it. */
async function form(name: string, size: number): Promise<FileFormBody> {
  const path = join(dir, name);
  await writeFile(path, Buffer.alloc(size, 'clip'));
  return { head: Buffer.from('HEAD|'), path, size, tail: Buffer.from('|TAIL') };
}

const request = (url: string, signal = new AbortController().signal) => ({
  url,
  headers: { 'content-type': 'application/octet-stream' },
  signal,
  onBytes: () => {},
  onSent: () => {},
});

test('sends head, file and tail byte for byte with an exact length, and reports progress', async () => {
  const body = await form('whole.bin', 3 * MIB + 17);
  const { url, stop } = await serve((req, res) => {
    const hash = createHash('sha256');
    let length = 0;
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
      hash.update(chunk);
    });
    req.on('end', () =>
      res.end(JSON.stringify({ length, declared: req.headers['content-length'], sha: hash.digest('hex') })),
    );
  });
  try {
    let progressed = 0;
    let sent = false;
    const answer = await sendFileForm(body, {
      ...request(url),
      onBytes: (n) => {
        progressed += n;
      },
      onSent: () => {
        sent = true;
      },
    });
    const expected = createHash('sha256')
      .update(Buffer.concat([body.head, Buffer.alloc(body.size, 'clip'), body.tail]))
      .digest('hex');
    assert.is(answer.status, 200);
    assert.equal(JSON.parse(answer.text), {
      length: body.size + 10,
      declared: String(body.size + 10),
      sha: expected,
    });
    assert.is(progressed, body.size);
    assert.ok(sent);
  } finally {
    await stop();
  }
});

test('an answer that comes before the body is read is returned, not a connection error', async () => {
  // A server that reads the request head, refuses, and reads nothing more: the client's writes stall
  // once the socket buffers are full, so only reading the early answer ends the upload.
  const body = await form('refused.bin', 64 * MIB);
  const sockets: Socket[] = [];
  const server = createNetServer((socket) => {
    sockets.push(socket);
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      const answer = '{"success":false,"message":"too large"}';
      socket.write(
        `HTTP/1.1 413 Payload Too Large\r\ncontent-type: application/json\r\ncontent-length: ${answer.length}\r\n\r\n${answer}`,
      );
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/upload`;
  try {
    let progressed = 0;
    const answer = await sendFileForm(body, {
      ...request(url),
      onBytes: (n) => {
        progressed += n;
      },
    });
    assert.is(answer.status, 413);
    assert.match(answer.text, /too large/);
    assert.ok(progressed < body.size, 'the rest of the body was not sent');
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a Node server refusing at once gets to read and discard the rest: the refusal arrives every time', async () => {
  // Were the client to ask for `Connection: close`, the server would close on the body still arriving
  // and the reset could drop the answer (the client then saw EPIPE in about one try in five).
  const body = await form('refused-twice.bin', 24 * MIB);
  const { url, stop } = await serve((_req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"success":false,"message":"no permission"}');
  });
  try {
    for (let i = 0; i < 5; i++) {
      const answer = await sendFileForm(body, request(url));
      assert.is(answer.status, 401);
      assert.match(answer.text, /no permission/);
    }
  } finally {
    await stop();
  }
});

test('every upload opens its own connection: one closed by an idle server is never reused', async () => {
  const body = await form('small.bin', 100 * 1024);
  let connections = 0;
  const { server, url, stop } = await serve((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  server.on('connection', () => {
    connections++;
  });
  // The server drops kept-alive connections at once, as one behind a proxy may.
  server.keepAliveTimeout = 1;
  try {
    for (let i = 0; i < 3; i++) assert.is((await sendFileForm(body, request(url))).status, 200);
    assert.is(connections, 3);
  } finally {
    await stop();
  }
});

test('an abort mid-body rejects with the abort and closes the connection', async () => {
  const body = await form('aborted.bin', 32 * MIB);
  const controller = new AbortController();
  let closed: Promise<void> = Promise.resolve();
  const { url, stop } = await serve((req) => {
    closed = new Promise((resolve) => req.on('close', () => resolve()));
    // Reads until a few MiB are in, then the client gives up.
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > 2 * MIB) controller.abort();
    });
  });
  try {
    const err = await sendFileForm(body, request(url, controller.signal)).catch((e) => e);
    assert.is(err?.name, 'AbortError');
    await closed;
  } finally {
    await stop();
  }
});

test('a file shorter than its declared size fails the upload instead of hanging', async () => {
  const body = { ...(await form('short.bin', 1000)), size: 5000 };
  const { url, stop } = await serve((req) => req.resume());
  try {
    const err = await sendFileForm(body, request(url)).catch((e) => e);
    assert.match(String(err), /shorter than its 5000 bytes/);
  } finally {
    await stop();
  }
});

test.run();
