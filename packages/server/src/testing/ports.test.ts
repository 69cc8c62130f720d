// Test files run in parallel processes; a port one of them picked must not be handed to another
// before its server binds it (a cluster test once lost its port that way).
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freePort, PORT_RESERVATIONS, reservePort } from './ports.ts';

// Above the picked range, so no other test's freePort can reach these reservations.
const PORTS = [65_101, 65_102];
const fileOf = (port: number) => join(PORT_RESERVATIONS, String(port));
const clear = () => {
  for (const port of PORTS) rmSync(fileOf(port), { force: true });
};

test.before.each(clear);
test.after.each(clear);

test('a port is reserved once: the second ask in the same process is refused', () => {
  assert.ok(reservePort(PORTS[0]));
  assert.is(readFileSync(fileOf(PORTS[0]), 'utf8'), String(process.pid));
  assert.not.ok(reservePort(PORTS[0]));
});

test('a port another live process reserved is refused; one whose process exited is taken over', async () => {
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  try {
    writeFileSync(fileOf(PORTS[1]), String(other.pid));
    assert.not.ok(reservePort(PORTS[1]), 'held by a live process');
  } finally {
    const exited = new Promise((resolve) => other.once('exit', resolve));
    other.kill('SIGKILL');
    await exited;
  }
  assert.ok(reservePort(PORTS[1]), 'its process has exited');
  assert.is(readFileSync(fileOf(PORTS[1]), 'utf8'), String(process.pid));
});

test('freePort hands out reserved ports, never the same one twice', async () => {
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  assert.is(new Set(ports).size, ports.length);
  for (const port of ports) {
    assert.is(readFileSync(fileOf(port), 'utf8'), String(process.pid));
    rmSync(fileOf(port));
  }
});

test.run();
