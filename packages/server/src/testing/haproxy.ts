/**
 * A real HAProxy (from apt) in front of test servers, for what a reverse proxy does to a request: with
 * `option forwardfor` it appends the address it saw to `X-Forwarded-For`. The caller writes the
 * frontends and backends; `{port:name}` placeholders become free ports, answered under those names.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accepts, freePort } from './ports.ts';
import { until } from './until.ts';

export interface TestHaproxy {
  ports: Record<string, number>;
  close(): Promise<void>;
}

const DEFAULTS = `defaults
  mode http
  timeout connect 5s
  timeout client 30s
  timeout server 30s
`;

/** `ports`: ports chosen beforehand (e.g. a public URL the servers behind must know at their start). */
export async function startHaproxy(
  sections: string,
  options: { ports?: Record<string, number> } = {},
): Promise<TestHaproxy> {
  const ports: Record<string, number> = { ...options.ports };
  for (const [, name] of sections.matchAll(/\{port:(\w+)\}/g)) ports[name] ??= await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'clip-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  await writeFile(file, DEFAULTS + sections.replace(/\{port:(\w+)\}/g, (_, name) => String(ports[name])));
  // -db: stay in the foreground, so the child is HAProxy itself and stopping it stops the proxy.
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (d: Buffer) => {
    errors += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (const port of Object.values(ports))
      await until(async () => {
        if (child.exitCode !== null) throw new Error(`haproxy exited: ${errors}`);
        return accepts(port);
      }, `haproxy listening on ${port}`);
  } catch (err) {
    child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    ports,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
