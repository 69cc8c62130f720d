import { randomBytes } from 'node:crypto';
import { Agent, createServer, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { collect } from '../testing/conformanceHelpers.ts';
import { releaseSocketReads } from './socketReads.ts';

const body = randomBytes(3 * 1024 * 1024);
const test = suite<{ url: string; agent: Agent; close: () => Promise<void> }>('releaseSocketReads');
test.before(async (ctx) => {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  // One kept-alive socket, so the second request runs on the socket the first released reads of.
  ctx.agent = new Agent({ keepAlive: true, maxSockets: 1 });
  ctx.close = () => new Promise((resolve) => server.close(() => resolve()));
});
test.after(async ({ agent, close }) => {
  agent.destroy();
  await close();
});

const request = (url: string, agent: Agent) =>
  new Promise<IncomingMessage>((resolve, reject) => get(url, { agent }, resolve).once('error', reject));

test('frees each socket read once parsed, leaves the body whole, and lets go of a reused socket', async ({
  url,
  agent,
}) => {
  const first = await request(url, agent);
  const socket = first.socket;
  releaseSocketReads(first);
  const seen: number[] = [];
  const observe = (read: Buffer) => seen.push(read.length);
  socket.on('data', observe);
  assert.ok((await collect(first)).equals(body));
  assert.equal(socket.listeners('data'), [observe], 'the release is gone with the response');
  assert.ok(seen.length > 0);
  assert.ok(
    seen.every((length) => length === 0),
    'a listener after the release sees freed reads',
  );
  socket.off('data', observe);

  const second = await request(url, agent);
  assert.is(second.socket, socket);
  assert.ok((await collect(second)).equals(body), 'the next response on the socket is parsed whole');
});

test.run();
