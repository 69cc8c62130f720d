// Malformed multipart bodies against a real server process: no request may end the process, and each
// answers 400 with a message (issue 9, items 1 and 2).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));

let child: ChildProcess;
let url: URL;
let dataDir: string;
let database: TestDatabase;
let token: string;
let exited: number | null | undefined;

test.before(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'clip-crash-'));
  child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', MAIN], {
    env: {
      ...process.env,
      CLIP_PORT: '0',
      CLIP_DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      CLIP_ADMIN_PASSWORD: 'crash-test-password',
      CLIP_LOG_LEVEL: 'warn',
      CLIP_SWEEP_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.once('exit', (code) => {
    exited = code;
  });
  url = await new Promise<URL>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(new URL(m[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  const login = await fetch(new URL('/api/admin/login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'crash-test-password' }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
});

test.after(async () => {
  if (child && exited === undefined) {
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  }
  await database?.release();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Sends one raw HTTP/1.1 request with exactly these body bytes and answers the status line and body. */
function rawPost(body: Buffer, contentType = 'multipart/form-data; boundary=XB'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    socket.on('data', (d) => {
      answer += d;
    });
    // No half-close from our side: Node takes a client's FIN as an aborted request.
    const timer = setTimeout(() => reject(new Error(`no answer within 30 s, got: ${answer}`)), 30_000);
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.write(
      `POST /api/upload HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body);
  });
}

function statusAndMessage(answer: string): { status: number; message: string } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
  const json = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  let message = '';
  try {
    message = (JSON.parse(json) as { message: string }).message;
  } catch {
    message = `<no JSON envelope: ${json.slice(0, 200)}>`;
  }
  return { status, message };
}

async function stillAlive(): Promise<void> {
  assert.is(exited, undefined, 'the server process exited');
  const res = await fetch(new URL('/api/health', url));
  assert.is(res.status, 200);
  await res.arrayBuffer();
}

const part = (name: string, value: string) =>
  `--XB\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (filename: string) =>
  `--XB\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`;

test('a multipart body cut before its closing boundary answers 400 and the process lives', async () => {
  const cases = [
    // Cut inside the file content, with routing fields first (streams straight to storage).
    part('s3_config_id', '') + part('path', '') + filePart('cut.txt') + 'x'.repeat(5000),
    // Cut inside the file content, file first (the spooled path).
    filePart('cut.txt') + 'y'.repeat(70_000),
    // Cut right after the file part's headers.
    part('remark', 'r') + filePart('cut.txt'),
    // Cut inside a text field.
    `${part('s3_config_id', '')}--XB\r\nContent-Disposition: form-data; name="remark"\r\n\r\nhalf`,
  ];
  for (const body of cases) {
    for (let round = 0; round < 3; round++) {
      const { status, message } = statusAndMessage(await rawPost(Buffer.from(body)));
      assert.is(status, 400, message);
      assert.match(message, /form|multipart|upload/i);
      await stillAlive();
    }
  }
  // Nothing is left in the spool either.
  assert.equal(await readdir(join(dataDir, 'tmp', 'uploads')).catch(() => []), []);
});

test('garbage bodies and raw CR/LF in a part header answer 400 with a message', async () => {
  const bodies: [string, Buffer][] = [
    ['garbage', Buffer.from('this is not multipart at all\r\n\r\n--')],
    ['binary', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
    ['empty', Buffer.alloc(0)],
    [
      'CR/LF in filename',
      Buffer.from(
        '--XB\r\nContent-Disposition: form-data; name="file"; filename="a\r\nb.txt"\r\n\r\nhello\r\n--XB--\r\n',
      ),
    ],
    ['header without a colon', Buffer.from('--XB\r\nthis header has no colon\r\n\r\nhello\r\n--XB--\r\n')],
  ];
  for (const [name, body] of bodies) {
    const { status, message } = statusAndMessage(await rawPost(body));
    assert.is(status, 400, `${name}: ${message}`);
    assert.ok(message.length > 0 && !/internal/i.test(message), `${name}: ${message}`);
    await stillAlive();
  }
  // A missing boundary parameter is a 400 as well.
  const { status } = statusAndMessage(await rawPost(Buffer.from('x'), 'multipart/form-data'));
  assert.is(status, 400);
  await stillAlive();
});

test.run();
