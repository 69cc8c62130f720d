/**
 * Known-good calls for the contract test: a real fixture (the embedded local storage config, an s3rver
 * bucket as a second config, a key with every permission, a plain HTTP server standing in for remote
 * URLs) and `ok(key, call)`, which sends one call and asserts a documented success whose body matches
 * the operation's schema.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as assert from 'uvu/assert';
import { s3rverConfig } from '../../../testing/index.ts';
import { startS3rver, type TestS3 } from '../../../testing/s3rver.ts';
import type { TestServer } from '../../../testing/testServer.ts';
import type { Answer, Call, Harness } from '../contractHarness.ts';

export interface Fixture {
  server: TestServer;
  s3: TestS3;
  localConfigId: string;
  s3ConfigId: string;
  /** `Authorization` value of a key with text, file and mount permission. */
  keyAuth: string;
  keyId: string;
  /** Serves `/remote.bin` (REMOTE_BYTES) for the URL uploads. */
  remoteUrl: string;
  close(): Promise<void>;
}

export const REMOTE_BYTES = new TextEncoder().encode('remote file for the url upload\n'.repeat(8));

export interface Walker {
  h: Harness;
  f: Fixture;
  /** Sends a known-good call; asserts a documented, schema-valid success; answers the envelope's data. */
  ok<T = Record<string, unknown>>(key: string, call?: Partial<Call>): Promise<T>;
  /** Like `ok` for answers that are not an envelope (bytes, text). */
  okRaw(key: string, call?: Partial<Call>): Promise<Answer>;
}

export async function startFixture(server: TestServer): Promise<Fixture> {
  const s3 = await startS3rver();
  const admin = await server.adminClient();
  const local = (await admin.storageConfigs.list()).items.find((c) => c.provider_type === 'local');
  if (!local) throw new Error('no local storage config');
  const s3Config = await admin.storageConfigs.create(s3rverConfig(s3, { name: 'contract s3rver' }));
  const key = await server.keyClient({ text: true, file: true, mount: true });
  const remote: Server = createServer((req, res) => {
    if (req.url !== '/remote.bin') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(REMOTE_BYTES.length),
      'accept-ranges': 'bytes',
    });
    res.end(req.method === 'HEAD' ? undefined : REMOTE_BYTES);
  });
  await new Promise<void>((r) => remote.listen(0, '127.0.0.1', r));
  const port = (remote.address() as AddressInfo).port;
  return {
    server,
    s3,
    localConfigId: local.id,
    s3ConfigId: s3Config.id,
    keyAuth: `ApiKey ${key.key}`,
    keyId: key.id,
    remoteUrl: `http://127.0.0.1:${port}/remote.bin`,
    async close() {
      await new Promise<void>((r) => remote.close(() => r()));
      await s3.close();
    },
  };
}

export function walker(h: Harness, f: Fixture): Walker {
  async function okRaw(key: string, call: Partial<Call> = {}): Promise<Answer> {
    const o = h.operation(key);
    const res = await h.send(o, { pathValues: {}, query: {}, ...call });
    const problem = h.checkSuccess(o, res);
    assert.not.ok(problem, `${key}: ${problem}`);
    return res;
  }
  return {
    h,
    f,
    okRaw,
    async ok<T>(key: string, call: Partial<Call> = {}) {
      return ((await okRaw(key, call)).body as { data: T }).data;
    },
  };
}

/** A signed link's path and query, to send through the harness. */
export function linkParts(link: string): { path: string; query: Record<string, string> } {
  const url = new URL(link, 'http://x');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}
