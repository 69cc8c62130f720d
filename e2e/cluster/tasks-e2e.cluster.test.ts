// @clip-databases postgres
// e2e/tasks/tasks.e2e.test.ts through the cluster: each test's processes are three behind HAProxy
// (fleetTarget.ts), every client goes through the balancer.
import './fleetTarget.ts';
import '../tasks/tasks.e2e.test.ts';
