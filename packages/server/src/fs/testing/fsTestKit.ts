/**
 * Shared setup of the file-system tests: a real server (SQLite or Postgres), an s3rver bucket and the
 * embedded local storage config, with raw HTTP helpers that return status and envelope.
 */
import type { FsListResult, Mount } from '@clip/sdk';
import { s3rverConfig } from '../../testing/index.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startServerInstance, stopServerInstance } from '../../testing/serverInstance.ts';
import type { TestServer } from '../../testing/testServer.ts';

export interface Reply<T = unknown> {
  status: number;
  body: { code: number; message: string; success: boolean; data: T; error?: string };
  headers: Headers;
}

export interface FsKit {
  server: TestServer;
  s3: TestS3;
  adminToken: string;
  localConfigId: string;
  s3ConfigId: string;
  /** `auth` is 'admin' (bearer), an API key, or null (anonymous). */
  call<T = unknown>(auth: string | null, method: string, path: string, body?: unknown): Promise<Reply<T>>;
  raw(auth: string | null, method: string, path: string, init?: RequestInit): Promise<Response>;
  mount(body: Partial<Mount> & { mount_path: string }): Promise<Mount>;
  /** The usual pair: `/loc` over the local config and `/s3` over the s3rver config. */
  mountLocAndS3(): Promise<{ loc: Mount; s3: Mount }>;
  /** A second server process on this server's data directory and database, as a cluster runs it. */
  startPeer(): Promise<FsPeer>;
  close(): Promise<void>;
}

export interface FsPeer {
  url: string;
  /** The sorted names of the peer's admin listing of `path`. */
  names(path: string): Promise<string[]>;
  close(): Promise<void>;
}

function authHeader(auth: string | null, adminToken: string): Record<string, string> {
  if (auth === null) return {};
  if (auth === 'admin') return { authorization: `Bearer ${adminToken}` };
  return { authorization: `ApiKey ${auth}` };
}

export async function startFsKit(
  starting: Promise<TestServer>,
  options: { s3?: TestS3 } = {},
): Promise<FsKit> {
  const [server, s3] = await Promise.all([starting, options.s3 ?? startS3rver()]);
  const adminToken = await server.adminToken();
  const admin = await server.adminClient();
  const configs = await admin.storageConfigs.list();
  const local = configs.items.find((c) => c.provider_type === 'local');
  if (!local) throw new Error('no local storage config');
  const s3Config = await admin.storageConfigs.create(s3rverConfig(s3));
  const raw = (auth: string | null, method: string, path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/api${path}`, {
      method,
      redirect: 'manual',
      ...init,
      headers: { ...authHeader(auth, adminToken), ...(init.headers as Record<string, string>) },
    });
  const call = async <T>(auth: string | null, method: string, path: string, body?: unknown) => {
    const res = await raw(auth, method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    const text = await res.text();
    let parsed: Reply<T>['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, body: parsed, headers: res.headers } as Reply<T>;
  };
  const kit: FsKit = {
    server,
    s3,
    adminToken,
    localConfigId: local.id,
    s3ConfigId: s3Config.id,
    call,
    raw,
    async mount(body) {
      const storage_type = body.storage_type ?? 'local';
      const res = await call<Mount>('admin', 'POST', '/admin/mounts', {
        name: body.name ?? `mount ${body.mount_path}`,
        storage_type,
        storage_config_id: body.storage_config_id ?? (storage_type === 'local' ? local.id : s3Config.id),
        ...body,
      });
      if (res.status !== 201) throw new Error(`mount ${body.mount_path}: ${res.status} ${res.body.message}`);
      return res.body.data;
    },
    async mountLocAndS3() {
      const loc = await this.mount({ mount_path: '/loc', storage_type: 'local' });
      return { loc, s3: await this.mount({ mount_path: '/s3', storage_type: 's3' }) };
    },
    async startPeer() {
      const env: NodeJS.ProcessEnv = {
        CLIP_DATA_DIR: server.dataDir,
        CLIP_PORT: '0',
        CLIP_HOST: '127.0.0.1',
        CLIP_LOG_LEVEL: 'silent',
        CLIP_SWEEP_INTERVAL_MS: '0',
      };
      if (server.databaseUrl) env.DATABASE_URL = server.databaseUrl;
      const peer = await startServerInstance(env);
      return {
        url: peer.url,
        async names(path) {
          const res = await fetch(`${peer.url}/api/admin/fs/list?path=${encodeURIComponent(path)}`, {
            headers: authHeader('admin', adminToken),
          });
          const body = (await res.json()) as { data: FsListResult; message: string };
          if (res.status !== 200) throw new Error(`peer list ${path}: ${res.status} ${body.message}`);
          return body.data.items.map((i) => i.name).sort();
        },
        close: () => stopServerInstance(peer),
      };
    },
    async close() {
      await server.close();
      if (!options.s3) await s3.close();
    },
  };
  return kit;
}
