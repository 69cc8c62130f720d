/**
 * Imported first by a `*.cluster.test.ts` file: every `startTestServer()` of the suite it imports next
 * starts a cluster (cluster.ts) instead of one in-process server, so the same suite runs against one
 * process and through the balancer. Settings a suite passes become the processes' environment; what
 * cannot cross a process boundary (an injected clock or logger, the in-process app) is refused by name.
 */
import { ClipClient } from '@clip/sdk';
import { TEST_ADMIN, type TestServer, useTestServerTarget } from '@clip/server/testing';
import { type Cluster, type ClusterOptions, startCluster } from './cluster.ts';

/** Test-server settings the cluster passes on, as the variables the processes read. */
const ENV_OF: Record<string, (v: unknown) => [string, string]> = {
  allowPrivateUrls: (v) => ['CLIP_ALLOW_PRIVATE_URLS', v ? '1' : ''],
  taskLeaseMs: (v) => ['CLIP_TASK_LEASE_MS', String(v)],
  taskPollMs: (v) => ['CLIP_TASK_POLL_MS', String(v)],
  maxTextBytes: (v) => ['CLIP_MAX_TEXT_BYTES', String(v)],
};

function asTestServer(cluster: Cluster): TestServer {
  let token: string | null = null;
  const client = (auth?: ConstructorParameters<typeof ClipClient>[0]['auth']) =>
    new ClipClient({ baseUrl: cluster.url, auth });
  const adminToken = async () => {
    token ??= (await client().auth.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
    return token;
  };
  const adminClient = async () => client({ type: 'admin', token: await adminToken() });
  return {
    url: cluster.url,
    get app(): never {
      throw new Error('a cluster target has no in-process app: this test cannot run through the cluster');
    },
    dataDir: cluster.sharedDir,
    databaseUrl: cluster.databaseUrl,
    client,
    adminToken,
    adminClient,
    async keyClient(perms = {}) {
      const admin = await adminClient();
      const created = await admin.apiKeys.create({
        name: `test key ${Math.random().toString(36).slice(2, 8)}`,
        text_permission: perms.text ?? false,
        file_permission: perms.file ?? false,
        mount_permission: perms.mount ?? false,
        basic_path: perms.basic_path ?? '/',
      });
      return { client: client({ type: 'apikey', key: created.key }), id: created.id, key: created.key };
    },
    close: () => cluster.close(),
  };
}

/** Makes every later startTestServer() start a cluster behind `balancer`. */
export const useClusterTarget = (balancer: ClusterOptions['balancer']) =>
  useTestServerTarget(async (overrides, options) => {
    if (options.clock || options.logger)
      throw new Error('a cluster target takes no injected clock or logger: they cannot cross processes');
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(overrides)) {
      const toEnv = ENV_OF[name];
      if (!toEnv) throw new Error(`a cluster target cannot pass the test-server setting "${name}"`);
      const [variable, text] = toEnv(value);
      env[variable] = text;
    }
    return asTestServer(await startCluster({ env, balancer }));
  });

useClusterTarget('haproxy');
