// Test server processes run as `npm start` runs the server: a Node flag added to bin/clip-server and not
// here (or the other way round) would measure and test a process unlike the deployed one.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SERVER_NODE_ARGS } from './serverInstance.ts';

const LAUNCHER = fileURLToPath(new URL('../../../../bin/clip-server', import.meta.url));

test('test server processes get the Node flags bin/clip-server gives the server', () => {
  const exec = readFileSync(LAUNCHER, 'utf8')
    .split('\n')
    .find((line) => line.startsWith('exec node '));
  assert.ok(exec, 'bin/clip-server has an `exec node` line');
  const flags = exec.split(/\s+/).filter((word) => word.startsWith('--'));
  assert.equal(flags, SERVER_NODE_ARGS);
  assert.ok(flags.includes('--no-allocation-site-pretenuring'), 'V8 pretenuring is off (ADR 0095)');
});

test.run();
