/** Shared by the WebDAV tests: a server with a local mount and an s3rver mount, and raw WebDAV requests. */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreateStorageConfigBody } from '@clip/sdk';
import { s3rverConfig } from '../../testing/index.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { TEST_ADMIN, type TestServer } from '../../testing/testServer.ts';

export interface DavKit {
  server: TestServer;
  s3: TestS3;
  /** Storage config ids. */
  localConfigId: string;
  s3ConfigId: string;
  adminToken: string;
  basic: string;
  /** A raw request to `/dav<path>` (admin Basic auth unless `auth` is given; `auth: null` sends none). */
  dav(
    method: string,
    path: string,
    init?: {
      headers?: Record<string, string>;
      body?: string | Uint8Array | ReadableStream<Uint8Array> | null;
      auth?: string | null;
    },
  ): Promise<Response>;
  /** Creates a mount over a storage config. */
  mount(body: {
    name: string;
    mount_path: string;
    storage_config_id: string;
    storage_type: 'local' | 's3';
    web_proxy?: boolean;
    cache_ttl?: number;
  }): Promise<{ id: string }>;
  /** `/local` over the local config. */
  mountLocal(): Promise<void>;
  /** The usual pair: `/local` over the local config and `/s3` over the s3rver config. */
  mountLocalAndS3(): Promise<void>;
  /** A storage config on the s3rver bucket reached through `endpoint` (a recording proxy): its id. */
  createS3ConfigVia(endpoint: string, name: string): Promise<string>;
  api(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: { data: unknown; message: string } }>;
  close(): Promise<void>;
}

export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Takes the server being started (`startDavKit(startTestServer())`) and adds s3rver, configs and helpers. */
export async function startDavKit(starting: Promise<TestServer>): Promise<DavKit> {
  const [server, s3] = await Promise.all([starting, startS3rver()]);
  const admin = await server.adminClient();
  const adminToken = await server.adminToken();
  const configs = await admin.storageConfigs.list();
  const localConfigId = configs.items.find((c) => c.provider_type === 'local')?.id as string;
  const s3Body: CreateStorageConfigBody = s3rverConfig(s3);
  const s3ConfigId = (await admin.storageConfigs.create(s3Body)).id;
  const basic = basicAuth(TEST_ADMIN.username, TEST_ADMIN.password);

  const api: DavKit['api'] = async (method, path, body) => {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as { data: unknown; message: string } };
  };
  const kit: DavKit = {
    server,
    s3,
    localConfigId,
    s3ConfigId,
    adminToken,
    basic,
    dav(method, path, init = {}) {
      const auth = init.auth === undefined ? basic : init.auth;
      return fetch(`${server.url}/dav${path}`, {
        method,
        headers: { ...(auth ? { authorization: auth } : {}), ...init.headers },
        body: init.body ?? undefined,
        redirect: 'manual',
        ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
    },
    async mount(body) {
      const res = await api('POST', '/admin/mounts', body);
      if (res.status !== 201) throw new Error(`mount: ${res.status} ${res.json.message}`);
      return res.json.data as { id: string };
    },
    async mountLocal() {
      await this.mount({
        name: 'local',
        mount_path: '/local',
        storage_config_id: localConfigId,
        storage_type: 'local',
      });
    },
    async mountLocalAndS3() {
      await this.mountLocal();
      await this.mount({ name: 's3', mount_path: '/s3', storage_config_id: s3ConfigId, storage_type: 's3' });
    },
    async createS3ConfigVia(endpoint, name) {
      const config = await admin.storageConfigs.create({ ...s3Body, name, endpoint_url: endpoint });
      return config.id;
    },
    api,
    async close() {
      await server.close();
      await s3.close();
    },
  };
  return kit;
}

/** The hrefs of a multistatus body, in order. */
export function hrefs(xml: string): string[] {
  return [...xml.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => m[1]);
}

/**
 * A pass-through proxy in front of s3rver that records how each object write arrived (`log`) and every
 * request it saw (`requests`, `METHOD /path`).
 */
export async function startRecordingProxy(
  target: string,
): Promise<{ url: string; log: string[]; requests: string[]; close(): Promise<void> }> {
  const log: string[] = [];
  const requests: string[] = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    requests.push(`${req.method} ${url.pathname}`);
    if (req.method === 'POST' && url.searchParams.has('uploads')) log.push('multipart');
    else if (req.method === 'PUT' && !url.searchParams.has('uploadId'))
      log.push(url.searchParams.has('X-Amz-Signature') ? 'presigned-put' : 'put');
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
