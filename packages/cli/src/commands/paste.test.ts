// @clip-databases sqlite postgres
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClipClient, PasteView } from '@clip/sdk';
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { CLIP_BIN, createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let box: Sandbox;
let files: string;
let keyEnv: { CLIP_API_KEY: string };
let admin: ClipClient;

test.before(async () => {
  server = await startTestServer();
  box = await createSandbox(server.url);
  files = await mkdtemp(join(tmpdir(), 'clip-cli-files-'));
  keyEnv = { CLIP_API_KEY: (await server.keyClient({ text: true })).key };
  admin = await server.adminClient();
});
test.after(async () => {
  await box?.dispose();
  await rm(files, { recursive: true, force: true });
  await server?.close();
});

const paste = (args: string[], input?: string) => box.run(['paste', ...args], { input, env: keyEnv });
const slugOf = (url: string) => new URL(url.trim()).pathname.split('/').pop() ?? '';

test('echo hi | clip paste prints only the link, and clip get <link> gives back hi', async () => {
  const out = succeeded(await paste([], 'hi\n'));
  assert.match(out, new RegExp(`^${server.url}/paste/[A-Za-z0-9_-]+\\n$`));
  const got = await box.run(['get', out.trim()]);
  assert.is(succeeded(got), 'hi\n');
  assert.is(got.stderr, '');
});

test('content comes back byte for byte: no newline added, none lost, Unicode intact', async () => {
  const text = '  tabs\tand spaces  \r\nünïcödé 🎉\n\n\nno final newline';
  const url = succeeded(await paste(['-'], text)).trim();
  assert.is(succeeded(await box.run(['get', url])), text);
  // By slug alone, against CLIP_SERVER.
  assert.is(succeeded(await box.run(['get', slugOf(url)])), text);
});

test('the default expiry is never, as in the web app and the API (ADR 0065); --expire 1d sets one', async () => {
  const url = succeeded(await paste([], 'default expiry\n')).trim();
  const record = (await admin.pastes.list({ limit: 50 })).items.find((p) => p.slug === slugOf(url));
  assert.is(record?.expires_at, null, 'no expiry unless asked');
  const day = succeeded(await paste(['--expire', '1d'], 'a day\n')).trim();
  const dated = (await admin.pastes.list({ limit: 50 })).items.find((p) => p.slug === slugOf(day));
  const hours = (Date.parse(dated?.expires_at ?? '') - Date.now()) / 3_600_000;
  assert.ok(hours > 23.9 && hours <= 24, `expires in ${hours} hours`);
  const forever = succeeded(await paste(['--expire', 'never'], 'kept\n')).trim();
  const kept = (await admin.pastes.list({ limit: 50 })).items.find((p) => p.slug === slugOf(forever));
  assert.is(kept?.expires_at, null);
});

test('a Markdown file is shared as markdown, titled by its name; other files as text', async () => {
  const md = join(files, 'notes.md');
  await writeFile(md, '# Title\n\n* item\n');
  const url = succeeded(await paste([md])).trim();
  const view = (await admin.pastes.get(slugOf(url))) as PasteView;
  assert.is(view.format, 'markdown');
  assert.is(view.title, 'notes.md');
  assert.is(view.content, '# Title\n\n* item\n');

  const txt = join(files, 'plain.txt');
  await writeFile(txt, '# not a heading\n');
  const plain = (await admin.pastes.get(slugOf(succeeded(await paste([txt]))))) as PasteView;
  assert.is(plain.format, 'text');
});

test('flags reach the share: --slug, --title, --remark, --expire, --max-views; --json parses', async () => {
  const run = await paste(
    [
      '--slug',
      'cli-flags-test',
      '--title',
      'T',
      '--remark',
      'R',
      '--expire',
      '1d',
      '--max-views',
      '5',
      '--json',
    ],
    'body',
  );
  const created = JSON.parse(succeeded(run));
  assert.is(created.slug, 'cli-flags-test');
  assert.is(created.url, `${server.url}/paste/cli-flags-test`);
  assert.is(created.max_views, 5);
  const hours = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 3_600_000;
  assert.ok(Math.abs(hours - 24) < 0.01, `expires after ${hours} h`);
  const record = (await admin.pastes.list({ search: 'cli-flags-test' })).items[0];
  assert.equal([record.title, record.remark, record.max_views], ['T', 'R', 5]);
  // The same slug again is the spec's 409 message, in one line.
  failedWith(await paste(['--slug', 'cli-flags-test'], 'again'), /already taken/);
});

test('--qr draws a QR code on stderr while stdout stays only the link', async () => {
  const run = await paste(['--qr'], 'qr me');
  assert.match(succeeded(run), new RegExp(`^${server.url}/paste/[A-Za-z0-9_-]+\\n$`));
  assert.ok(run.stderr.split('\n').length > 10, 'no QR code drawn');
  assert.match(run.stderr, /[▀▄█]/);
  // stderr is a pipe here: the drawing carries no terminal escape codes.
  assert.not.ok(run.stderr.includes('\x1b['), 'no escape sequence');
});

test('get of an unknown slug exits non-zero with a one-line reason', async () => {
  failedWith(await box.run(['get', 'no-such-share-here']), /not found/i);
  failedWith(await box.run(['get', `${server.url}/paste/no-such-share-here`]), /not found/i);
  failedWith(await box.run(['get', 'https://example.com/elsewhere']), /not a text share link/);
});

test('a protected share: get without --password fails, wrong password fails, right one prints it', async () => {
  const url = succeeded(await paste(['--password', 's3cret-pass'], 'the secret text')).trim();
  failedWith(await box.run(['get', url]), /protected|password/i);
  failedWith(await box.run(['get', url, '--password', 'wrong-one']), /wrong password/);
  assert.is(succeeded(await box.run(['get', url, '--password', 's3cret-pass'])), 'the secret text');
});

test('--max-views 1: the first get succeeds, the next one is gone', async () => {
  const url = succeeded(await paste(['--max-views', '1'], 'once')).trim();
  assert.is(succeeded(await box.run(['get', url])), 'once');
  const second = await box.run(['get', url]);
  failedWith(second, /.+/);
  assert.not.match(second.stderr, /^clip: once/);
});

test('a reader that stops early (clip get | head) ends clip quietly with exit 0', async () => {
  const big = Array.from({ length: 200_000 }, (_, i) => `line ${i}`).join('\n');
  const url = succeeded(await paste([], big)).trim();
  const child = spawn(CLIP_BIN, ['get', url], { env: { ...process.env, XDG_CONFIG_HOME: box.configHome } });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.is(stderr, '');
  assert.is(code, 0);
});

test('bad input fails before anything is created', async () => {
  const before = (await admin.pastes.list()).total;
  failedWith(await paste(['--expire', 'soon'], 'x'), /--expire must be like 1h, 1d, 7d, 30d, never/);
  failedWith(await paste(['--max-views', '-1'], 'x'), /--max-views must be a whole number/);
  failedWith(await paste(['--slug', 'bad slug!'], 'x'), /slug may contain only/);
  failedWith(await paste([], '   \n'), /nothing to share/);
  failedWith(await paste([join(files, 'missing.txt')]), /no such file/);
  await writeFile(join(files, 'binary.bin'), Buffer.from([0xff, 0xfe, 0x00, 0x01]));
  failedWith(await paste([join(files, 'binary.bin')]), /not UTF-8 text/);
  assert.is((await admin.pastes.list()).total, before);
});

test('paste without any credential says to log in', async () => {
  failedWith(await box.run(['paste'], { input: 'x' }), /not logged in to .*clip login/);
});

test.run();
