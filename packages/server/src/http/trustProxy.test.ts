// @clip-databases sqlite postgres
// Issue 27 item 12: behind a trusted proxy the client is the address the proxy appended to
// X-Forwarded-For, never what the client wrote there itself. A real HAProxy (`option forwardfor`)
// stands in front; test clients connect to it from distinct loopback addresses (127.0.0.x).
import { request } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startHaproxy, type TestHaproxy } from '../testing/haproxy.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';

const BUDGET = 3;
let oneHop: TestServer;
let twoHops: TestServer;
let proxy: TestHaproxy;
test.before(async () => {
  oneHop = await startTestServer({ trustProxyHops: 1, loginMaxFailures: BUDGET, loginWindowMs: 60_000 });
  twoHops = await startTestServer({ trustProxyHops: 2, loginMaxFailures: BUDGET, loginWindowMs: 60_000 });
  const port = (server: TestServer) => new URL(server.url).port;
  // edge -> oneHop; outer -> inner -> twoHops, the outer proxy reaching the inner one from 127.0.0.9.
  proxy = await startHaproxy(`
frontend edge
  bind 127.0.0.1:{port:edge}
  option forwardfor
  default_backend one_hop
backend one_hop
  server clip 127.0.0.1:${port(oneHop)}
frontend outer
  bind 127.0.0.1:{port:outer}
  option forwardfor
  default_backend inner_proxy
backend inner_proxy
  server inner 127.0.0.1:{port:inner} source 127.0.0.9
frontend inner
  bind 127.0.0.1:{port:inner}
  option forwardfor
  default_backend two_hops
backend two_hops
  server clip 127.0.0.1:${port(twoHops)}
`);
});
test.after(async () => {
  await proxy?.close();
  await oneHop?.close();
  await twoHops?.close();
});

/** A wrong login sent to `port` from the loopback address `from`, with the client's own X-Forwarded-For. */
function wrongLogin(port: number, from: string, forwardedFor: string): Promise<number> {
  const body = JSON.stringify({ username: 'admin', password: 'a-wrong-guess' });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        agent: false,
        method: 'POST',
        path: '/api/admin/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

async function guessesUntilRefused(port: number, from: string): Promise<number[]> {
  const answers: number[] = [];
  // Each guess claims another origin, in the leftmost place and the one next to the proxy's.
  for (let i = 1; i <= BUDGET + 1; i++) answers.push(await wrongLogin(port, from, `10.0.${i}.1, 1.2.3.${i}`));
  return answers;
}

test('one trusted hop: a spoofed X-Forwarded-For does not pick the bucket, the proxy-appended address does', async () => {
  const { edge } = proxy.ports;
  assert.equal(await guessesUntilRefused(edge, '127.0.0.2'), [401, 401, 401, 429]);
  // Another client through the same proxy, writing the header the refused one wrote, has its own budget.
  assert.is(await wrongLogin(edge, '127.0.0.3', `10.0.${BUDGET + 1}.1, 1.2.3.${BUDGET + 1}`), 401);
});

test('two trusted hops: the client is the address the outer proxy appended, second from the right', async () => {
  const { outer } = proxy.ports;
  assert.equal(await guessesUntilRefused(outer, '127.0.0.4'), [401, 401, 401, 429]);
  // Every request reached the server from the inner proxy (127.0.0.9): the client still counts apart.
  assert.is(await wrongLogin(outer, '127.0.0.5', '10.0.0.1'), 401);
});

test('a trusted entry that is no address at all (a client that reached clip past the proxy) is a 401, not a 500', async () => {
  const port = Number(new URL(oneHop.url).port);
  const junk = `not-an-address-${'x'.repeat(300)}`;
  const answers: number[] = [];
  for (let i = 0; i <= BUDGET; i++) answers.push(await wrongLogin(port, '127.0.0.6', junk));
  assert.equal(answers, [401, 401, 401, 429], 'counted like any address');
});

test.run();
