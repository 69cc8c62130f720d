/**
 * Imported first by a `*.cluster.test.ts` file that wraps a task suite (e2e/tasks/): every startFleet()
 * of that suite starts a cluster (cluster.ts: three processes behind HAProxy) with the suite's settings,
 * and every client goes through the balancer, whichever process it asked for.
 */
import { useFleetTarget } from '../tasks/fleet.ts';
import { peakRssOf } from '../tasks/serverProcess.ts';
import { startCluster } from './cluster.ts';

useFleetTarget(async ({ env }) => {
  const cluster = await startCluster({ env });
  const child = (i: number) => cluster.processes[i].instance.child;
  return {
    databaseUrl: cluster.databaseUrl,
    size: cluster.processes.length,
    adminClient: () => cluster.adminClient(),
    pid: (i) => child(i).pid!,
    peakRss: (i) => peakRssOf(child(i).pid!),
    kill: (i, signal) => cluster.kill(i, signal),
    restart: (i, env) => cluster.restart(i, env),
    close: () => cluster.close(),
  };
});
