// Test server processes run as `npm start` (and `clip serve`) run the server: a Node flag or malloc setting
// added to bin/lib/server-node.sh and not here (or the other way round) would measure and test a process
// unlike the deployed one.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SERVER_MALLOC_ENV, SERVER_NODE_ARGS } from './serverInstance.ts';

const SETTINGS = fileURLToPath(new URL('../../../../bin/lib/server-node.sh', import.meta.url));

/** What a launcher gets from bin/lib/server-node.sh, as bash itself reads it. */
function sourcedSettings(): { flags: string[]; env: Record<string, string> } {
  const names = Object.keys(SERVER_MALLOC_ENV);
  const script = `. "$1"; printf '%s\\n' "\${server_node_flags[@]}"; echo --; ${names.map((n) => `echo "${n}=$${n}"`).join('; ')}`;
  const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !names.includes(k)));
  const out = execFileSync('bash', ['-c', script, 'bash', SETTINGS], { encoding: 'utf8', env: cleanEnv });
  const [flags, env] = out.trimEnd().split('\n--\n');
  return { flags: flags.split('\n'), env: Object.fromEntries(env.split('\n').map((l) => l.split('='))) };
}

test('test server processes get the Node flags and malloc settings the launchers give the server', () => {
  const { flags, env } = sourcedSettings();
  assert.equal(flags, SERVER_NODE_ARGS);
  assert.equal(env, SERVER_MALLOC_ENV);
  assert.ok(flags.includes('--no-allocation-site-pretenuring'), 'V8 pretenuring is off (ADR 0095)');
});

test.run();
