// @clip-databases sqlite postgres
// The file-system commands over bin/clip against a live server with a local mount (/disk) and an s3rver
// mount (/s3): ls, cat, get, put, cp, mv, rm, mkdir, link, edit, mounts, tasks; --json; one-line errors.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ClipClient, CopyReport, FsListResult, Mount, Task } from '@clip/sdk';
import {
  localMount,
  type MountUnderTest,
  s3ConfigBody,
  startS3rver,
  startTestServer,
  type TestS3,
  type TestServer,
} from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../../testing/assertRun.ts';
import { CLIP_BIN, createSandbox, type Sandbox } from '../../testing/runClip.ts';

let server: TestServer;
let s3: TestS3;
let box: Sandbox;
let admin: ClipClient;
let dir: string;
let env: Record<string, string>;
let disk: MountUnderTest;

const run = (args: string[], extra: Record<string, string> = {}) =>
  box.run(args, { env: { ...env, ...extra } });
const ok = async (args: string[], extra: Record<string, string> = {}) => succeeded(await run(args, extra));
const names = async (path: string) =>
  (JSON.parse(await ok(['ls', path, '--json'])) as FsListResult).items.map((i) => i.name).sort();

test.before(async () => {
  s3 = await startS3rver();
  server = await startTestServer();
  admin = await server.adminClient();
  box = await createSandbox(server.url);
  env = { CLIP_TOKEN: await server.adminToken() };
  dir = await mkdtemp(join(tmpdir(), 'clip-cli-fs-'));
  disk = await localMount(server, { path: '/disk', name: 'disk', root: 'disk' });
  const bucket = await admin.storageConfigs.create({ ...s3ConfigBody(s3, 'bucket'), is_public: false });
  await admin.mounts.create({
    name: 's3',
    mount_path: '/s3',
    storage_type: 's3',
    storage_config_id: bucket.id,
  });
});

test.after(async () => {
  await box?.dispose();
  await server?.close();
  await s3?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('ls / lists the mounts: names, -l columns, --json parses', async () => {
  assert.equal((await ok(['ls'])).trim().split('\n'), ['disk/', 's3/']);
  const long = await ok(['ls', '-l', '/']);
  assert.match(long.split('\n')[0], /^TYPE\s+SIZE\s+MODIFIED\s+NAME$/);
  // A mount folder carries the last change of its mount as its date (issue 33 item 21), no size.
  assert.match(long, /mount\s+-\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+disk\//);
  const json = JSON.parse(await ok(['ls', '/', '--json'])) as FsListResult;
  assert.is(json.is_virtual, true);
  assert.equal(
    json.items.map((i) => i.path),
    ['/disk', '/s3'],
  );
});

test('mkdir -p, put of a file and a folder, ls -l, cat, get of a file, a folder and to stdout', async () => {
  succeeded(await run(['mkdir', '-p', '/disk/docs/deep']));
  succeeded(await run(['mkdir', '-p', '/disk/docs/deep']));
  failedWith(await run(['mkdir', '/disk/docs/deep']), /\/disk\/docs\/deep/);
  const tree = join(dir, 'tree');
  await mkdir(join(tree, 'sub'), { recursive: true });
  await writeFile(join(tree, 'a.txt'), 'alpha\n');
  await writeFile(join(tree, 'sub', 'b.txt'), 'bravo\n');
  const single = join(dir, 'notes.txt');
  await writeFile(single, 'hello notes\n');
  const out = await ok(['put', single, tree, '/disk/docs']);
  assert.equal(out.trim().split('\n'), [
    '/disk/docs/notes.txt',
    '/disk/docs/tree/a.txt',
    '/disk/docs/tree/sub/b.txt',
  ]);
  assert.equal(await names('/disk/docs'), ['deep', 'notes.txt', 'tree']);
  assert.match(await ok(['ls', '-l', '/disk/docs']), /\w+\s+12B\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+notes\.txt/);
  assert.is(await ok(['cat', '/disk/docs/notes.txt', '/disk/docs/tree/a.txt']), 'hello notes\nalpha\n');
  const cwd = await mkdtemp(join(dir, 'get-'));
  await box.run(['get', '/disk/docs/tree', cwd], { env });
  assert.is(await readFile(join(cwd, 'tree', 'sub', 'b.txt'), 'utf8'), 'bravo\n');
  succeeded(await run(['get', '/disk/docs/notes.txt', join(cwd, 'copy.txt')]));
  assert.is(await readFile(join(cwd, 'copy.txt'), 'utf8'), 'hello notes\n');
  assert.is(await ok(['get', '/disk/docs/notes.txt', '-']), 'hello notes\n');
});

test('bad paths: one line naming the path, non-zero exit', async () => {
  failedWith(await run(['ls', '/nope']), /\/nope/);
  failedWith(await run(['ls', 'disk']), /^clip: disk: a mount path starts with \//);
  failedWith(await run(['cat', '/disk/missing.txt']), /\/disk\/missing\.txt/);
  failedWith(await run(['get', '/disk/missing.txt', join(dir, 'x')]), /\/disk\/missing\.txt/);
  failedWith(await run(['rm', '-f', '/disk/missing.txt']), /\/disk\/missing\.txt/);
  failedWith(await run(['rm', '-f', '/disk/docs/tree']), /\/disk\/docs\/tree: is a folder \(use -r/);
  failedWith(await run(['put', join(dir, 'absent.bin'), '/disk']), /absent\.bin: no such file/);
  failedWith(await run(['ls', '/disk/../etc']), /\/disk\/\.\.\/etc/);
  failedWith(await box.run(['ls', '/']), /not logged in/);
});

test('ls of a folder of several pages prints every page as it comes: names, -l aligned, --json as one document', async () => {
  const names = Array.from({ length: 1203 }, (_, i) => `n-${String(i).padStart(4, '0')}.txt`);
  for (const name of names)
    await disk.driver.write(`many/${name}`, Readable.from([Buffer.from('ab')]), { size: 2 });
  assert.equal((await ok(['ls', '/disk/many'])).trimEnd().split('\n'), names);
  const long = (await ok(['ls', '-l', '/disk/many'])).trimEnd().split('\n');
  assert.is(long.length, names.length + 1);
  const nameColumn = long[0].indexOf('NAME');
  assert.ok(
    long.slice(1).every((line, i) => line.slice(nameColumn) === names[i]),
    `every row of every page has its name under NAME: ${long.slice(0, 3).join(' | ')}`,
  );
  const json = await ok(['ls', '/disk/many', '--json']);
  const whole = await admin.fs.listAll('/disk/many');
  assert.is(
    json,
    `${JSON.stringify(whole, null, 2)}\n`,
    'the same document as the whole listing printed at once',
  );
  await admin.fs.mkdir('/disk/many-empty');
  assert.is(
    await ok(['ls', '/disk/many-empty', '--json']),
    `${JSON.stringify(await admin.fs.listAll('/disk/many-empty'), null, 2)}\n`,
  );
});

test('cp within and across mounts, --wait, --json; mv renames within a mount and moves across', async () => {
  const inline = JSON.parse(await ok(['cp', '/disk/docs/notes.txt', '/disk/docs/deep', '--json']));
  assert.is(inline.copied, 1);
  assert.is(await ok(['cat', '/disk/docs/deep/notes.txt']), 'hello notes\n');
  const across = await ok(['cp', '/disk/docs/tree', '/s3/', '--wait']);
  assert.match(across, /copied \d+, skipped 0, failed 0/, across);
  assert.is(await ok(['cat', '/s3/tree/sub/b.txt']), 'bravo\n');
  succeeded(await run(['mv', '/disk/docs/deep/notes.txt', '/disk/docs/deep/renamed.txt']));
  assert.equal(await names('/disk/docs/deep'), ['renamed.txt']);
  const moved = await ok(['mv', '/disk/docs/deep/renamed.txt', '/s3/tree', '--wait']);
  assert.match(moved, /\/disk\/docs\/deep\/renamed\.txt -> \/s3\/tree\/renamed\.txt/);
  assert.equal(await names('/disk/docs/deep'), []);
  assert.is(await ok(['cat', '/s3/tree/renamed.txt']), 'hello notes\n');
  failedWith(await run(['cp', '/disk/nothing.txt', '/s3/']), /\/disk\/nothing\.txt/);
});

test('rm -r -f removes a folder; rm without a terminal does not ask', async () => {
  succeeded(await run(['rm', '-r', '/s3/tree/sub']));
  assert.equal(await names('/s3/tree'), ['a.txt', 'renamed.txt']);
  succeeded(await run(['rm', '/s3/tree/a.txt', '-f', '--json']));
  assert.equal(await names('/s3/tree'), ['renamed.txt']);
});

test('link prints a working direct link; --expires is checked', async () => {
  const url = (await ok(['link', '/disk/docs/notes.txt', '--expires', '1h'])).trim();
  assert.match(url, /^https?:\/\//);
  const res = await fetch(url);
  assert.is(res.status, 200);
  assert.is(await res.text(), 'hello notes\n');
  const json = JSON.parse(await ok(['link', '/disk/docs/notes.txt', '--json']));
  assert.ok(Date.parse(json.expires_at) > Date.now());
  failedWith(await run(['link', '/disk/docs/notes.txt', '--expires', 'soon']), /--expires/);
});

test('edit saves the editor result back; refuses when the file changed meanwhile', async () => {
  const editor = join(dir, 'editor.sh');
  await writeFile(
    editor,
    '#!/bin/sh\necho "added line" >> "$1"\n[ -n "$CHANGE_FROM" ] && "$CLIP" put "$CHANGE_FROM" /disk/docs >/dev/null 2>&1\nexit 0\n',
  );
  await chmod(editor, 0o755);
  await ok(['edit', '/disk/docs/notes.txt'], { EDITOR: editor });
  assert.is(await ok(['cat', '/disk/docs/notes.txt']), 'hello notes\nadded line\n');
  const other = await mkdtemp(join(dir, 'other-'));
  await writeFile(join(other, 'notes.txt'), 'someone else\n');
  const refused = await run(['edit', '/disk/docs/notes.txt'], {
    EDITOR: editor,
    CHANGE_FROM: join(other, 'notes.txt'),
    CLIP: CLIP_BIN,
  });
  failedWith(
    refused,
    /\/disk\/docs\/notes\.txt: changed on the server while you edited; your version is in /,
  );
  assert.is(await ok(['cat', '/disk/docs/notes.txt']), 'someone else\n');
});

test('mounts ls|add|edit|disable|enable|rm', async () => {
  const id = (
    await ok([
      'mounts',
      'add',
      '--name',
      'extra',
      '--path',
      '/extra',
      '--storage',
      'disk',
      '--cache-ttl',
      '0',
    ])
  ).trim();
  const listed = JSON.parse(await ok(['mounts', 'ls', '--json'])).items as Mount[];
  const extra = listed.find((m) => m.id === id);
  assert.is(extra?.cache_ttl, 0);
  assert.match(await ok(['mounts', 'ls']), /\/extra\s+extra\s+local\s+yes/);
  assert.match(await ok(['mounts', 'edit', '/extra', '--remark', 'spare']), /\/extra updated/);
  assert.is((await admin.mounts.get(id)).remark, 'spare');
  await ok(['mounts', 'disable', 'extra']);
  assert.is((await admin.mounts.get(id)).is_active, false);
  await ok(['mounts', 'enable', id]);
  assert.is((await admin.mounts.get(id)).is_active, true);
  await ok(['mounts', 'rm', '/extra']);
  assert.not.ok((await admin.mounts.list()).items.some((m) => m.id === id));
  failedWith(await run(['mounts', 'rm', '/extra']), /no mount "\/extra"/);
  const { key } = await server.keyClient({ mount: true, basic_path: '/disk' });
  failedWith(
    await box.run(['mounts', 'add', '--name', 'k', '--path', '/k', '--storage', 'disk'], {
      env: { CLIP_API_KEY: key },
    }),
    /./,
  );
});

test('tasks lists a copy inside one storage and a delete done in the request; show names source, target and skipped items', async () => {
  await ok(['mkdir', '-p', '/disk/within/from']);
  await ok(['mkdir', '-p', '/disk/within/to']);
  for (const name of ['kept.txt', 'new.txt']) {
    await writeFile(join(dir, name), `${name}\n`);
    await ok(['put', join(dir, name), '/disk/within/from/']);
  }
  await ok(['put', join(dir, 'kept.txt'), '/disk/within/to/']);
  await ok(['cp', '/disk/within/from/kept.txt', '/disk/within/from/new.txt', '/disk/within/to/']);
  await ok(['rm', '-f', '/disk/within/from/new.txt']);

  const listed = await ok(['tasks']);
  const copyLine = listed.split('\n').find((l) => l.includes('/disk/within/from -> /disk/within/to'));
  assert.ok(copyLine, listed);
  assert.match(copyLine, /copy\s+completed/);
  const id = copyLine.split(/\s+/)[0];
  assert.match(listed, /delete\s+completed.*\/disk\/within\/from\/new\.txt/);

  const shown = await ok(['tasks', 'show', id]);
  assert.match(shown, /source\s+\/disk\/within\/from\n/);
  assert.match(shown, /target\s+\/disk\/within\/to\n/);
  assert.match(shown, /files\s+2 total, 1 done, 1 skipped, 0 failed/);
  assert.match(shown, /skipped\s+\/disk\/within\/to\/kept\.txt: already at the target \(kept\)/);

  // A key lists its own tasks only: not the admin's copy.
  const { key } = await server.keyClient({ mount: true, basic_path: '/disk' });
  const keyed = succeeded(await box.run(['tasks'], { env: { CLIP_API_KEY: key } }));
  assert.not.match(keyed, new RegExp(id));
  failedWith(await box.run(['tasks', 'show', id], { env: { CLIP_API_KEY: key } }), /not found/);
});

test('tasks ls|show|watch|retry|cancel over a cross-mount copy task', async () => {
  await writeFile(join(dir, 'big.bin'), randomBytes(256 * 1024));
  await ok(['put', join(dir, 'big.bin'), '/disk/t']);
  // The report, not the line: a copy this small may have finished by the time the answer is printed,
  // and then the line gives the counts instead of the task's id.
  const report = JSON.parse(await ok(['cp', '/disk/t', '/s3/', '--json'])) as CopyReport;
  assert.is(report.mode, 'task');
  const id = report.task?.id ?? '';
  assert.ok(id, 'the task id');
  const watched = await ok(['tasks', 'watch', id]);
  assert.match(watched, new RegExp(`${id} completed: \\d+ done, 0 skipped, 0 failed`), watched);
  const shown = await ok(['tasks', 'show', id]);
  assert.match(shown, /status\s+completed/);
  const tasks = JSON.parse(await ok(['tasks', 'ls', '--json'])).items as Task[];
  assert.ok(tasks.some((t) => t.id === id && t.type === 'copy'));
  assert.match(await ok(['tasks', 'ls', '--status', 'completed']), new RegExp(id));
  const retried = await run(['tasks', 'retry', id]);
  if (retried.code !== 0) failedWith(retried, /./);
  const cancelled = await run(['tasks', 'cancel', id]);
  if (cancelled.code !== 0) failedWith(cancelled, /./);
  failedWith(await run(['tasks', 'show', 'no-such-task']), /./);
});

test('browse refuses a pipe and --json with one line', async () => {
  failedWith(await run(['browse']), /needs a terminal.*clip ls/);
  failedWith(await run(['browse', '--json']), /needs a terminal/);
});

test.run();
