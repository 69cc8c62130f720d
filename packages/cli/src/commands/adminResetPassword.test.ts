// @clip-databases sqlite postgres
// `clip admin reset-password` resets in the server's existing database and refuses, naming the place it
// tried, when there is none there: it must not create a new, empty database (issue 33, item 12).
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@clip/server/testing';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { runClip } from '../testing/runClip.ts';

let server: TestServer;
let empty: string;

test.before(async () => {
  server = await startTestServer();
  empty = await mkdtemp(join(tmpdir(), 'clip-reset-empty-'));
});
test.after(async () => {
  await server?.close();
  await rm(empty, { recursive: true, force: true });
});

/** The server's own database, as its environment names it. */
const serverEnv = () =>
  server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : { CLIP_DATA_DIR: server.dataDir };

test('a data dir without a database is refused, naming the file tried, and stays empty', async () => {
  const run = await runClip(['admin', 'reset-password', '--data-dir', empty]);
  failedWith(run, new RegExp(`^clip: no clip database at ${join(empty, 'clip.db')}: run this on the server`));
  assert.is(run.code, 2);
  assert.equal(await readdir(empty), [], 'nothing was created');
  // Without the server's environment: the default ./data of the current directory, not created either.
  const bare = await runClip(['admin', 'reset-password'], { cwd: empty });
  failedWith(bare, new RegExp(`no clip database at ${join(empty, 'data', 'clip.db')}`));
  assert.equal(await readdir(empty), []);
});

test('with the server’s environment the password is reset and works', async () => {
  const password = succeeded(await runClip(['admin', 'reset-password'], { env: serverEnv() })).trim();
  assert.match(password, /^\S{12,}$/);
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  assert.is(res.status, 200);
});

/** The test Postgres, where a fresh, empty database is made (whichever database this run's server uses). */
const TEST_POSTGRES = process.env.CLIP_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

test('a Postgres database without clip tables is refused and left without them', async () => {
  const name = `clip_reset_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_POSTGRES);
  url.pathname = `/${name}`;
  try {
    const run = await runClip(['admin', 'reset-password'], { env: { DATABASE_URL: url.toString() } });
    failedWith(
      run,
      new RegExp(`no clip database at postgres://${url.host}/${name} \\(it has no clip tables\\)`),
    );
    const probe = new pg.Client({ connectionString: url.toString() });
    await probe.connect();
    const { rows } = await probe.query("SELECT to_regclass('admins') AS t");
    await probe.end();
    assert.is(rows[0].t, null, 'no tables were created');
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
});

test.run();
