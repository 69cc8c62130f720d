/**
 * A clip cluster as docs/guide/scaling.md sets one up: three server processes, each with its own data
 * directory, on one Postgres database, one secret and one storage (the default local config pointed at
 * a shared folder; suites add their s3rver bucket), behind HAProxy (round-robin, no stickiness, health
 * checks on /api/health) or nginx (the guide's configuration), with CLIP_PUBLIC_URL the balancer's
 * address and CLIP_TRUST_PROXY=1. The balancer names the process that answered in `X-Clip-Backend`,
 * so a test can see where a request went.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClipClient } from '@clip/sdk';
import {
  createTestDatabase,
  freePort,
  type ServerInstance,
  startHaproxy,
  startNginx,
  startServerInstance,
  TEST_ADMIN,
  type TestDatabase,
  testDialect,
  until,
} from '@clip/server/testing';

export const CLUSTER_SECRET = 'the-cluster-e2e-secret-0123456789';

export interface ClusterProcess {
  name: string;
  port: number;
  /** The process's own address (tests only; clients go through the balancer). */
  url: string;
  instance: ServerInstance;
}

export interface Cluster {
  /** The balancer: what every client uses. */
  url: string;
  databaseUrl: string;
  /** A folder every process shares; the default local storage config keeps its files in `storage/` below it. */
  sharedDir: string;
  processes: ClusterProcess[];
  /** Kills process `i` (SIGKILL unless told) and waits for it to exit. */
  kill(i: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts process `i` again on its port and data dir (with `env` over the cluster's). */
  restart(i: number, env?: Record<string, string>): Promise<void>;
  adminClient(): Promise<ClipClient>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  size?: number;
  /** Extra environment for every process (e.g. a short task lease). */
  env?: Record<string, string>;
  /** The load balancer: HAProxy (default) or nginx, each with docs/guide/scaling.md's configuration. */
  balancer?: 'haproxy' | 'nginx';
}

/** HAProxy as the guide sets it up, plus a header naming the process that answered. */
function haproxyInFront(processes: ClusterProcess[], webPort: number): Promise<{ close(): Promise<void> }> {
  const servers = processes
    .map((p) => `  server ${p.name} 127.0.0.1:${p.port} check inter 500ms fall 2 rise 1`)
    .join('\n');
  return startHaproxy(
    `frontend web
  bind 127.0.0.1:{port:web}
  option forwardfor
  default_backend clip
backend clip
  balance roundrobin
  # A process that stopped (a kill, a rolling restart) before the checks saw it: try another.
  retries 3
  option redispatch 1
  option httpchk GET /api/health
  http-check expect status 200
  http-response set-header X-Clip-Backend %s
${servers}
`,
    { ports: { web: webPort } },
  );
}

/** nginx with the guide's configuration (plain HTTP on loopback instead of TLS), plus the same header. */
function nginxInFront(processes: ClusterProcess[], webPort: number): Promise<{ close(): Promise<void> }> {
  const servers = processes
    .map((p) => `    server 127.0.0.1:${p.port} max_fails=2 fail_timeout=5s;`)
    .join('\n');
  return startNginx(
    `  upstream clip {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${webPort};
    client_max_body_size 0;
    proxy_request_buffering off;
    proxy_buffering off;
    proxy_read_timeout 300s;
    proxy_send_timeout 300s;
    location / {
      proxy_pass http://clip;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $host;
      proxy_next_upstream error timeout http_502 http_503;
      add_header X-Clip-Backend $upstream_addr always;
    }
  }`,
    webPort,
  );
}

const exited = (instance: ServerInstance) =>
  instance.child.exitCode !== null || instance.child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => instance.child.once('exit', () => resolve()));

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (testDialect() !== 'postgres')
    throw new Error('the cluster runs on Postgres: declare @clip-databases postgres');
  const size = options.size ?? 3;
  const database: TestDatabase = await createTestDatabase();
  const sharedDir = await mkdtemp(join(tmpdir(), 'clip-cluster-'));
  await mkdir(join(sharedDir, 'storage'));
  const webPort = await freePort();
  const url = `http://127.0.0.1:${webPort}`;
  const dataDirs: string[] = [];
  const processes: ClusterProcess[] = [];
  let balancer: { close(): Promise<void> } | null = null;

  const envOf = (i: number, more: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    CLIP_PORT: String(processes[i].port),
    CLIP_HOST: '127.0.0.1',
    CLIP_DATA_DIR: dataDirs[i],
    DATABASE_URL: database.url ?? '',
    CLIP_SECRET: CLUSTER_SECRET,
    CLIP_PUBLIC_URL: url,
    CLIP_TRUST_PROXY: '1',
    CLIP_ADMIN_USERNAME: TEST_ADMIN.username,
    CLIP_ADMIN_PASSWORD: TEST_ADMIN.password,
    CLIP_LOG_LEVEL: 'error',
    CLIP_SWEEP_INTERVAL_MS: '0',
    CLIP_TASK_POLL_MS: '200',
    ...options.env,
    ...more,
  });
  const launch = async (i: number, more?: Record<string, string>) => {
    processes[i].instance = await startServerInstance(envOf(i, more));
  };
  const close = async () => {
    await balancer?.close();
    for (const p of processes) if (p.instance) p.instance.child.kill('SIGKILL');
    await Promise.all(processes.filter((p) => p.instance).map((p) => exited(p.instance)));
    await database.release();
    for (const dir of [sharedDir, ...dataDirs]) await rm(dir, { recursive: true, force: true });
  };

  try {
    for (let i = 0; i < size; i++) {
      dataDirs.push(await mkdtemp(join(tmpdir(), `clip-cluster-p${i + 1}-`)));
      const port = await freePort();
      processes.push({ name: `p${i + 1}`, port, url: `http://127.0.0.1:${port}`, instance: null as never });
    }
    // The first runs the migrations and creates the administrator; the others join it.
    await launch(0);
    await Promise.all(processes.slice(1).map((_, i) => launch(i + 1)));

    balancer = await (options.balancer === 'nginx' ? nginxInFront : haproxyInFront)(processes, webPort);
    // Round-robin reaches every process once the health checks have seen them all.
    const seen = new Set<string>();
    await until(async () => {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      // Only the balancer adds the header: an answer without it came from something else on the port.
      const backend = res.headers.get('x-clip-backend');
      if (res.ok && backend) seen.add(backend);
      return seen.size === size;
    }, 'every process behind the balancer');

    const adminClient = async () => {
      const { token } = await new ClipClient({ baseUrl: url }).auth.login(
        TEST_ADMIN.username,
        TEST_ADMIN.password,
      );
      return new ClipClient({ baseUrl: url, auth: { type: 'admin', token } });
    };
    // The guide's step for a cluster: the local storage on a folder every process shares.
    const admin = await adminClient();
    const local = (await admin.storageConfigs.list()).items.find((c) => c.provider_type === 'local')!;
    await admin.storageConfigs.update(local.id, { root_path: join(sharedDir, 'storage') });

    return {
      url,
      databaseUrl: database.url ?? '',
      sharedDir,
      processes,
      async kill(i, signal = 'SIGKILL') {
        processes[i].instance.child.kill(signal);
        await exited(processes[i].instance);
      },
      restart: launch,
      adminClient,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
