// The load generator: runs autocannon once against one target and prints a JSON summary on stdout.
// Always started as its own process (by lib/load.mjs), so it never shares an event loop with a server.
// Usage: node bench/lib/loadWorker.mjs '<json {url, connections, durationSec, method, headers, body}>'
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.durationSec,
  method: spec.method ?? 'GET',
  headers: spec.headers ?? {},
  body: spec.body,
});

process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    latencyMeanMs: result.latency.mean,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
  }),
);
