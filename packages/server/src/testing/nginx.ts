/**
 * A real nginx (from apt) in front of test servers, as docs/guide/scaling.md configures one: the caller
 * writes the `http { ... }` block's servers and upstreams; nginx runs in the foreground with its pid,
 * logs and temp files in a folder of its own, so it needs no root and leaves nothing behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accepts } from './ports.ts';
import { until } from './until.ts';

export interface TestNginx {
  close(): Promise<void>;
}

/** `http`: what goes inside nginx's `http { }` block; `port`: the one it listens on, waited for. */
export async function startNginx(http: string, port: number): Promise<TestNginx> {
  const dir = await mkdtemp(join(tmpdir(), 'clip-nginx-'));
  const file = join(dir, 'nginx.conf');
  await writeFile(
    file,
    `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`,
  );
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (d: Buffer) => {
    errors += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    // SIGQUIT: nginx's graceful stop; the master waits for its workers.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
      return accepts(port);
    }, `nginx listening on ${port}`);
  } catch (err) {
    await close();
    throw err;
  }
  return { close };
}
