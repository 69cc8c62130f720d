import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { previewKind } from './previewKind.ts';

test('media, PDF and office files are recognised by type or name', () => {
  assert.is(previewKind('image/png', 'a.png', 10), 'image');
  assert.is(previewKind('video/mp4', 'a.mp4', 10), 'video');
  assert.is(previewKind('audio/mpeg', 'a.mp3', 10), 'audio');
  assert.is(previewKind('application/pdf', 'a.pdf', 10), 'pdf');
  assert.is(previewKind('application/octet-stream', 'report.DOCX', 10), 'office');
});

test('text is shown inline up to 1 MiB; Markdown is rendered', () => {
  assert.is(previewKind('text/plain', 'notes.txt', 10), 'text');
  assert.is(previewKind('application/octet-stream', 'main.go', 10), 'text');
  assert.is(previewKind('text/markdown', 'README', 10), 'markdown');
  assert.is(previewKind('application/octet-stream', 'README.md', 10), 'markdown');
  assert.is(previewKind('text/plain', 'huge.log', 2 * 1024 * 1024), 'none');
});

test('anything else has no preview', () => {
  assert.is(previewKind('application/zip', 'a.zip', 10), 'none');
  assert.is(previewKind('application/octet-stream', 'blob', 10), 'none');
});

test.run();
