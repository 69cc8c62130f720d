/**
 * Ports for processes a test starts later (server processes, HAProxy, nginx). A port found free by
 * `listen(0)` comes from the kernel's ephemeral range, which keeps handing out the same ports to other
 * tests' servers and to outgoing connections: by the time the process binds it seconds later, another
 * may hold it, and a balancer's "is it listening?" check then sees the wrong server. So the port is
 * picked below that range, where the kernel never assigns one by itself, and checked free once.
 */
import { readFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

const PICKED_RANGE = 10_000;

function ephemeralLow(): number | null {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > PICKED_RANGE + 1024 ? low : null;
  } catch {
    return null;
  }
}

const listenOnce = (port: number): Promise<number | null> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(port, '127.0.0.1', () => {
      const bound = (probe.address() as { port: number }).port;
      probe.close(() => resolve(bound));
    });
  });

export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  if (low !== null)
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = await listenOnce(low - 1 - Math.floor(Math.random() * PICKED_RANGE));
      if (port !== null) return port;
    }
  const port = await listenOnce(0);
  if (port === null) throw new Error('no free port on 127.0.0.1');
  return port;
}

/** Whether something accepts TCP connections on 127.0.0.1:`port` (a proxy started and listening). */
export const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
