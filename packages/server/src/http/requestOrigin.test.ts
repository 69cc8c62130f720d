// @clip-databases sqlite postgres
// Without CLIP_PUBLIC_URL a link is built on the origin the request came to, never on the process's own
// address: its Host header, or behind a trusted proxy X-Forwarded-Proto and -Host (issue 32).
import { request } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../testing/testServer.ts';

const servers: TestServer[] = [];
test.after(async () => {
  for (const s of servers) await s.close();
});

/** Creates a text share with the given request headers and answers its link. */
async function shareLink(server: TestServer, headers: Record<string, string>): Promise<string> {
  const token = await server.adminToken();
  const url = new URL('/api/paste', server.url);
  const body = JSON.stringify({ content: 'origin test' });
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  assert.is(answer.status, 201, answer.text);
  return JSON.parse(answer.text).data.url as string;
}

test('links follow the Host the client asked for; forwarded headers only from a trusted proxy', async () => {
  const direct = await startTestServer();
  servers.push(direct);
  const port = new URL(direct.url).port;
  assert.match(await shareLink(direct, {}), new RegExp(`^http://127\\.0\\.0\\.1:${port}/`));
  assert.match(await shareLink(direct, { host: 'clip.example:8443' }), /^http:\/\/clip\.example:8443\//);
  // Nobody in front is trusted: a client's X-Forwarded-Host is ignored.
  assert.match(
    await shareLink(direct, {
      host: 'clip.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    }),
    /^http:\/\/clip\.example\//,
  );

  const proxied = await startTestServer({ trustProxyHops: 1 });
  servers.push(proxied);
  assert.match(
    await shareLink(proxied, {
      host: '10.0.0.5:8787',
      'x-forwarded-host': 'clip.example',
      'x-forwarded-proto': 'https',
    }),
    /^https:\/\/clip\.example\//,
  );
});

test('CLIP_PUBLIC_URL wins over every header', async () => {
  const server = await startTestServer({ publicUrl: 'https://share.example.org' });
  servers.push(server);
  assert.match(await shareLink(server, { host: 'other.example' }), /^https:\/\/share\.example\.org\//);
});

test.run();
