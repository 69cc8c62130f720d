// @clip-databases sqlite postgres
// Double-width (CJK) names keep the columns of `clip browse` aligned in a real terminal (issue 33,
// item 19): the Mounts view's size column and the share tabs' detail column start at one column on
// every row, and a long name is cut to its column by display width.
import { localMount, startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLIP_BIN, startTmux, type TmuxSession } from './tmuxSession.ts';

let server: TestServer;
let term: TmuxSession;

const NAMES = [
  'plain.txt',
  '季度报告.txt',
  '会议纪要和很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长的名字.txt',
];

test.before(async () => {
  server = await startTestServer();
  const admin = await server.adminClient();
  await localMount(server, { path: '/disk', name: 'disk', root: 'disk' });
  for (const name of NAMES) await admin.fs.update(`/disk/${name}`, '12345');
  await admin.pastes.create({ content: 'a', title: 'plain title', slug: 'plainshare' });
  await admin.pastes.create({ content: 'b', title: '中文标题', slug: 'cjkshare' });
  term = await startTmux(server, { columns: 80, rows: 20 });
});

test.after(async () => {
  await term?.close();
  await server?.close();
});

/** Terminal columns, counted independently of the code under test: CJK ideographs take two. */
const columns = (text: string) => [...text].reduce((n, c) => n + (/[\u3000-\u9fff]/.test(c) ? 2 : 1), 0);

/** The terminal column where `cell` starts on each screen line that contains `rowMark`. */
function cellStarts(screen: string, rowMark: RegExp, cell: RegExp): number[] {
  return screen
    .split('\n')
    .filter((line) => rowMark.test(line))
    .map((line) => columns(line.slice(0, line.search(cell))));
}

test('mount rows and share rows keep their columns with double-width names', async () => {
  const { command, together, until } = term;
  await command(`clear; ${CLIP_BIN} browse; echo EXIT=$?`);
  await until(/disk\//);
  await together('\r');
  const mounts = await until(/季度报告\.txt/);
  assert.match(mounts, /会议纪要.*…/, 'the long name is cut with …');
  const sizes = cellStarts(mounts, /\.txt|…/, /5 B/);
  assert.is(sizes.length, 3, mounts);
  assert.equal(new Set(sizes).size, 1, `sizes start at columns ${sizes}:\n${mounts}`);
  for (const line of mounts.split('\n')) assert.ok(columns(line) <= 80, `wider than the terminal: ${line}`);

  await together('2');
  const shares = await until(/cjkshare[\s\S]*plainshare|plainshare[\s\S]*cjkshare/);
  const details = cellStarts(shares, /share\s/, /(markdown|text|code) {2}\d/);
  assert.is(details.length, 2, shares);
  assert.equal(new Set(details).size, 1, `details start at columns ${details}:\n${shares}`);

  await together('q');
  assert.match(await until(/EXIT=\d+/), /EXIT=0/);
});

test.run();
