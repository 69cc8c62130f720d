import type { FsItem } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  crumbs,
  filterItems,
  folderForRelativePath,
  hasThumbnail,
  isEditable,
  joinPath,
  lineEndingOf,
  nameProblem,
  parentPath,
  pathFromSplat,
  previewKindOf,
  selectWithClick,
  sortItems,
} from './explorerModel.ts';

const item = (name: string, type: FsItem['type'], size: number | null, modified: string | null): FsItem => ({
  name,
  path: `/m/${name}`,
  type,
  size,
  modified,
  etag: null,
  mimetype: null,
  is_mount: false,
});

test('paths join, go up and break into breadcrumbs', () => {
  assert.is(joinPath('/', 's3'), '/s3');
  assert.is(joinPath('/s3/a', 'b c'), '/s3/a/b c');
  assert.is(parentPath('/s3/a/b'), '/s3/a');
  assert.is(parentPath('/s3'), '/');
  assert.equal(
    crumbs('/s3/photos').map((c) => c.path),
    ['/', '/s3', '/s3/photos'],
  );
});

test('folders come first; names sort naturally; size and modified sort both ways', () => {
  const items = [
    item('file10.txt', 'file', 30, '2024-01-03T00:00:00Z'),
    item('file2.txt', 'file', 10, '2024-01-01T00:00:00Z'),
    item('zeta', 'folder', null, null),
    item('alpha.png', 'image', 20, '2024-01-02T00:00:00Z'),
  ];
  assert.equal(
    sortItems(items, { key: 'name', order: 'asc' }).map((i) => i.name),
    ['zeta', 'alpha.png', 'file2.txt', 'file10.txt'],
  );
  assert.equal(
    sortItems(items, { key: 'name', order: 'desc' }).map((i) => i.name),
    ['zeta', 'file10.txt', 'file2.txt', 'alpha.png'],
  );
  assert.equal(
    sortItems(items, { key: 'size', order: 'desc' }).map((i) => i.name),
    ['zeta', 'file10.txt', 'alpha.png', 'file2.txt'],
  );
  assert.equal(
    sortItems(items, { key: 'modified', order: 'asc' }).map((i) => i.name),
    ['zeta', 'file2.txt', 'alpha.png', 'file10.txt'],
  );
  assert.equal(
    filterItems(items, ' FILE ').map((i) => i.name),
    ['file10.txt', 'file2.txt'],
  );
});

test('click toggles one; shift-click adds the range from the anchor', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];
  let s = selectWithClick(order, new Set(), null, 'b', false);
  assert.equal([...s], ['b']);
  s = selectWithClick(order, s, 'b', 'd', true);
  assert.equal([...s].sort(), ['b', 'c', 'd']);
  s = selectWithClick(order, s, 'd', 'c', false);
  assert.equal([...s].sort(), ['b', 'd']);
});

test('preview kinds and editability follow name and type', () => {
  const f = (name: string, mimetype: string | null = null, size = 10) => ({
    name,
    mimetype,
    size,
    type: 'file' as const,
  });
  assert.is(previewKindOf(f('a.png')), 'image');
  assert.is(previewKindOf(f('a.mp4')), 'video');
  assert.is(previewKindOf(f('a.mp3')), 'audio');
  assert.is(previewKindOf(f('a.pdf')), 'pdf');
  assert.is(previewKindOf(f('a.md')), 'markdown');
  assert.is(previewKindOf(f('a.ts')), 'text');
  assert.is(previewKindOf(f('a.html')), 'html');
  assert.is(previewKindOf(f('a.docx')), 'office');
  assert.is(previewKindOf(f('a.bin')), 'none');
  assert.ok(isEditable(f('a.md')));
  assert.not.ok(isEditable(f('a.png')));
  assert.not.ok(isEditable({ ...f('dir'), type: 'folder' }));
});

test('the grid asks for thumbnails of pictures only, never of SVG', () => {
  assert.ok(hasThumbnail(item('a.jpg', 'image', 1, null)));
  assert.ok(hasThumbnail({ ...item('b', 'image', 1, null), mimetype: 'image/png' }));
  assert.not.ok(hasThumbnail(item('logo.svg', 'image', 1, null)));
  assert.not.ok(hasThumbnail(item('LOGO.SVGZ', 'image', 1, null)));
  assert.not.ok(hasThumbnail({ ...item('drawing', 'image', 1, null), mimetype: 'image/svg+xml' }));
  assert.not.ok(hasThumbnail(item('report.pdf', 'document', 1, null)));
  assert.not.ok(hasThumbnail(item('photos', 'folder', null, null)));
});

test('a new name is one path segment', () => {
  assert.is(nameProblem('ok name.txt'), null);
  assert.is(nameProblem('  '), 'required');
  assert.is(nameProblem('a/b'), 'invalid');
  assert.is(nameProblem('..'), 'invalid');
});

test('route splats and folder picks become explorer paths', () => {
  assert.is(pathFromSplat(undefined), '/');
  assert.is(pathFromSplat('s3/a%20b/'), '/s3/a b');
  assert.is(pathFromSplat('%E0%A4%A'), '/', 'an undecodable splat is the root');
  assert.is(folderForRelativePath('/docs', 'photos/2024/a.jpg'), '/docs/photos/2024');
  assert.is(folderForRelativePath('/docs', 'a.jpg'), '/docs');
  assert.is(folderForRelativePath('/', 'photos/a.jpg'), '/photos');
});

test('a file keeps its line endings: CRLF when its lines end so, else LF', () => {
  assert.is(lineEndingOf('a\r\nb\r\n'), '\r\n');
  assert.is(lineEndingOf('a\nb\n'), '\n');
  assert.is(lineEndingOf('one line'), '\n');
  assert.is(lineEndingOf('a\r\nb\r\nc\n'), '\r\n', 'mostly CRLF');
  assert.is(lineEndingOf('a\nb\nc\r\n'), '\n', 'mostly LF');
});

test.run();
