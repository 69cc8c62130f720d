// @clip-databases sqlite postgres
// Double-width (CJK) names keep the columns of `clip files ls` and `clip pastes ls` aligned, and a long
// one is cut to its column by display width, not by UTF-16 length (issue 33, item 19).
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { succeeded } from '../testing/assertRun.ts';
import { createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let box: Sandbox;
let env: Record<string, string>;

test.before(async () => {
  server = await startTestServer();
  box = await createSandbox(server.url);
  env = { CLIP_TOKEN: await server.adminToken() };
});
test.after(async () => {
  await box?.dispose();
  await server?.close();
});

/** Terminal columns, counted independently of the code under test: CJK ideographs take two. */
const columns = (text: string) => [...text].reduce((n, c) => n + (/[\u3000-\u9fff]/.test(c) ? 2 : 1), 0);

/** The terminal column where `header`'s column starts, on each line of a table. */
function starts(table: string, header: string, cellOf: (line: string) => string): number[] {
  const lines = table.trimEnd().split('\n');
  const headerAt = lines[0].indexOf(header);
  // Cells are two spaces apart, so the cell is found with the gap before it.
  const at = (line: string) => columns(line.slice(0, line.indexOf(`  ${cellOf(line)}`) + 2));
  return [headerAt, ...lines.slice(1).map(at)];
}

test('files ls: the SIZE column starts at one terminal column on every row', async () => {
  const admin = await server.adminClient();
  for (const name of [
    'plain.txt',
    '季度报告.txt',
    '会议纪要和很长很长很长很长很长很长很长很长很长的名字.txt',
  ])
    await admin.files.upload(new Blob(['12345']), {}, { filename: name });
  const table = succeeded(await box.run(['files', 'ls'], { env }));
  assert.match(table, /季度报告\.txt/);
  assert.match(table, /会议纪要.*…/, 'the long name is cut with …');
  const at = starts(table, 'SIZE', () => '5 B');
  assert.equal(new Set(at).size, 1, `SIZE starts at columns ${at}:\n${table}`);
});

test('pastes ls: the FORMAT column starts at one terminal column on every row', async () => {
  const admin = await server.adminClient();
  await admin.pastes.create({ content: 'a', title: 'plain title' });
  await admin.pastes.create({ content: 'b', title: '中文标题' });
  const table = succeeded(await box.run(['pastes', 'ls'], { env }));
  assert.match(table, /中文标题/);
  const at = starts(table, 'FORMAT', (line) => / {2}(markdown|text|code)\b/.exec(line)?.[1] ?? '?');
  assert.equal(new Set(at).size, 1, `FORMAT starts at columns ${at}:\n${table}`);
});

test.run();
