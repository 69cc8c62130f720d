/**
 * Ports for processes a test starts later (server processes, HAProxy, nginx). A port found free by
 * `listen(0)` comes from the kernel's ephemeral range, which keeps handing out the same ports to other
 * tests' servers and to outgoing connections: by the time the process binds it seconds later, another
 * may hold it, and a balancer's "is it listening?" check then sees the wrong server. So the port is
 * picked below that range, where the kernel never assigns one by itself, and checked free once.
 *
 * Test files run in parallel processes, and a port checked free stays unbound until its process
 * starts: two files could pick the same one (a cluster test once found "port 31309 is in use"). So a
 * picked port is also reserved by a file created exclusively in a folder every test process shares,
 * holding the picker's pid; a reservation whose process has exited is taken over.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PICKED_RANGE = 10_000;
export const PORT_RESERVATIONS = join(tmpdir(), 'clip-test-ports');

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

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether this process now holds `port`'s reservation (made, or taken over from an exited process). */
export function reservePort(port: number): boolean {
  const file = join(PORT_RESERVATIONS, String(port));
  mkdirSync(PORT_RESERVATIONS, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number;
    try {
      holder = Number(readFileSync(file, 'utf8'));
    } catch {
      continue; // released between the two calls: try to make it again
    }
    if (holder === process.pid || alive(holder)) return false;
    try {
      unlinkSync(file);
    } catch {
      // another picker took it over first; the exclusive create decides
    }
  }
  return false;
}

export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  if (low !== null)
    for (let attempt = 0; attempt < 50; attempt++) {
      const candidate = low - 1 - Math.floor(Math.random() * PICKED_RANGE);
      if (!reservePort(candidate)) continue;
      const port = await listenOnce(candidate);
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
