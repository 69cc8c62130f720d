import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../http/appError.ts';
import { guardedFetch } from './guardedFetch.ts';
import { addressProblem, createSsrfGuard, type Resolver } from './ssrfGuard.ts';

async function listen(
  host: string,
  handler: Parameters<typeof createServer>[1],
): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    assert.instance(err, AppError);
    return err as AppError;
  }
  throw new assert.Assertion({ message: 'expected a refusal' } as never);
}

// The "internet" origin plays on 127.0.0.2 (treated as public for this test only); the secret on 127.0.0.1.
let secretHits = 0;
let secret: { server: Server; port: number };
let origin: { server: Server; port: number };
let resolverCalls: string[] = [];
const resolve: Resolver = async (host) => {
  resolverCalls.push(host);
  if (host === 'allowed.test') return [{ address: '127.0.0.2', family: 4 }];
  if (host === 'mixed.test')
    return [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
  throw new Error('ENOTFOUND');
};
const guard = createSsrfGuard({ allowPrivate: false, resolve, trustedAddresses: ['127.0.0.2'] });

test.before(async () => {
  secret = await listen('127.0.0.1', (_req, res) => {
    secretHits++;
    res.end('secret');
  });
  origin = await listen('127.0.0.2', (req, res) => {
    if (req.url === '/to-loopback')
      res.writeHead(302, { location: `http://127.0.0.1:${secret.port}/` }).end();
    else if (req.url === '/to-localhost')
      res.writeHead(301, { location: `http://localhost:${secret.port}/` }).end();
    else if (req.url === '/to-metadata')
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (req.url?.startsWith('/loop'))
      res.writeHead(302, { location: `/loop${Number(req.url.slice(5) || 0) + 1}` }).end();
    else if (req.url === '/hang') {
      /* never answers */
    } else res.end('public body');
  });
});
test.after(() => {
  secret.server.closeAllConnections();
  origin.server.closeAllConnections();
  secret.server.close();
  origin.server.close();
});

test('addresses: only global unicast passes', () => {
  for (const bad of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::7f00:1',
    '64:ff9b::a00:1',
    'ff02::1',
  ])
    assert.ok(addressProblem(bad), `${bad} should be refused`);
  for (const good of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])
    assert.is(addressProblem(good), null, `${good} should pass`);
});

test('the refusal names the range in plain English, with the right article', () => {
  assert.is(addressProblem('0.0.0.0'), '0.0.0.0 is an unspecified address');
  assert.is(addressProblem('::'), ':: is an unspecified address');
  assert.is(addressProblem('fe80::1'), 'fe80::1 is a link-local address');
  assert.is(addressProblem('100.64.0.1'), '100.64.0.1 is a carrier-grade NAT address');
  assert.is(addressProblem('10.0.0.5'), '10.0.0.5 is a private address');
});

test('literal private, loopback and metadata URLs are refused before any connection', async () => {
  for (const url of [
    `http://127.0.0.1:${secret.port}/`,
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    `http://[::1]:${secret.port}/`,
    `http://[::ffff:127.0.0.1]:${secret.port}/`,
    'http://[fd00:ec2::254]/',
    `http://2130706433:${secret.port}/`,
    `http://0x7f.1:${secret.port}/`,
  ]) {
    const err = await refusal(guardedFetch(guard, url, { method: 'GET' }));
    assert.is(err.status, 400);
    assert.match(err.message, /URL not allowed/);
  }
  assert.is(secretHits, 0);
});

test('a hostname resolving to loopback (localhost, system resolver) is refused', async () => {
  const system = createSsrfGuard({ allowPrivate: false });
  const err = await refusal(guardedFetch(system, `http://localhost:${secret.port}/`, { method: 'GET' }));
  assert.match(err.message, /localhost resolves to .* loopback address/);
  assert.is(secretHits, 0);
});

test('a host with any private address is refused; other schemes and credentials too', async () => {
  assert.match(
    (await refusal(guard.check(new URL('http://mixed.test/')))).message,
    /10\.0\.0\.5 is a private/,
  );
  assert.match((await refusal(guard.check(new URL('file:///etc/passwd')))).message, /http or https/);
  assert.match((await refusal(guard.check(new URL('http://u:p@allowed.test/')))).message, /credentials/);
  assert.match((await refusal(guard.check(new URL('http://nowhere.test/')))).message, /does not resolve/);
});

test('an allowed origin is fetched over the address the guard checked (resolved once per hop)', async () => {
  resolverCalls = [];
  const res = await guardedFetch(guard, `http://allowed.test:${origin.port}/file`, { method: 'GET' });
  assert.is(res.status, 200);
  let body = '';
  for await (const chunk of res.body) body += chunk;
  assert.is(body, 'public body');
  assert.equal(resolverCalls, ['allowed.test']);
});

test('a redirect from an allowed origin to loopback or metadata is refused at that hop', async () => {
  for (const path of ['/to-loopback', '/to-localhost', '/to-metadata']) {
    const err = await refusal(
      guardedFetch(guard, `http://allowed.test:${origin.port}${path}`, { method: 'GET' }),
    );
    assert.match(err.message, /URL not allowed/);
  }
  assert.is(secretHits, 0);
});

test('redirects stop after 5; a silent server times out', async () => {
  const err = await refusal(
    guardedFetch(guard, `http://allowed.test:${origin.port}/loop0`, { method: 'GET' }),
  );
  assert.match(err.message, /more than 5 redirects/);
  const slow = await refusal(
    guardedFetch(guard, `http://allowed.test:${origin.port}/hang`, { method: 'GET', headersTimeoutMs: 200 }),
  );
  assert.is(slow.status, 504);
});

test('allowPrivateUrls lets loopback through', async () => {
  const open = createSsrfGuard({ allowPrivate: true });
  const res = await guardedFetch(open, `http://127.0.0.1:${secret.port}/`, { method: 'GET' });
  res.body.resume();
  assert.is(res.status, 200);
  assert.is(secretHits, 1);
});

test.run();
