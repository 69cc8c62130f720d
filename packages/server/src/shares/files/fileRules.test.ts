import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Actor } from '../../services/actor.ts';
import { shareFolderFor } from '../../services/permissions.ts';
import { contentDisposition, notModified, parseRange, rangeStillValid } from '../../serving/httpCaching.ts';
import { viewMode } from '../../serving/presentation.ts';
import { partPlan } from '../../uploads/sessions/sessionRules.ts';
import { sanitizeFilename, storageKey } from './filenames.ts';
import { createLinkSigner } from './signing.ts';

test('filenames keep Unicode but lose paths, controls, bidi tricks and reserved names', () => {
  assert.is(sanitizeFilename('../../etc/passwd'), 'passwd');
  assert.is(sanitizeFilename('C:\\Users\\me\\report.pdf'), 'report.pdf');
  assert.is(sanitizeFilename('报告 2024.docx'), '报告 2024.docx');
  assert.is(sanitizeFilename('a\u0000b\u001fc\u007f.txt'), 'abc.txt');
  assert.is(sanitizeFilename('invoice\u202Efdp.exe'), 'invoicefdp.exe');
  assert.is(sanitizeFilename('CON'), '_CON');
  assert.is(sanitizeFilename('nul.txt'), '_nul.txt');
  assert.is(sanitizeFilename('a<b>c:d"e|f?g*h'), 'a_b_c_d_e_f_g_h');
  assert.is(sanitizeFilename('...'), 'file');
  assert.is(sanitizeFilename('.hidden'), 'hidden');
  assert.is(sanitizeFilename('name. . '), 'name');
  assert.is(sanitizeFilename(''), 'file');
  const long = sanitizeFilename(`${'é'.repeat(300)}.tar.gz`);
  assert.ok(Buffer.byteLength(long) <= 200);
  assert.ok(long.endsWith('.gz'));
});

test('upload folders are normalised and may not climb out of the root', () => {
  const admin: Actor = { kind: 'admin', id: 'a', username: 'admin' };
  const folder = (p: string | undefined) => shareFolderFor(admin, p);
  assert.is(folder(undefined), '/');
  assert.is(folder('docs/2024/'), '/docs/2024');
  for (const bad of ['../x', '/a/../../b', '/a/./b/../c', '..\\..\\windows', 'docs//2024'])
    assert.throws(() => folder(bad), /^path must not contain/);
  assert.throws(() => folder('/a\u0001b'), /control characters/);
  assert.throws(() => folder(`/${'x'.repeat(600)}`), /at most 512/);
});

test('storage keys never collide and stay inside their folder, below the reserved prefix', () => {
  const when = new Date(Date.UTC(2025, 0, 5));
  const a = storageKey('/docs', 'a.txt', when);
  const b = storageKey('/docs', 'a.txt', when);
  assert.match(a, /^\.clip\/shares\/docs\/2025\/01\/[0-9a-f]{12}-a\.txt$/);
  assert.is.not(a, b);
  assert.match(storageKey('/', 'x', when), /^\.clip\/shares\/2025\/01\/[0-9a-f]{12}-x$/);
});

test('Content-Disposition carries an ASCII fallback and the RFC 5987 UTF-8 name', () => {
  assert.is(
    contentDisposition('attachment', 'résumé "final".pdf'),
    `attachment; filename="resume _final_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.pdf`,
  );
  assert.is(
    contentDisposition('inline', '数据.csv'),
    `inline; filename="__.csv"; filename*=UTF-8''%E6%95%B0%E6%8D%AE.csv`,
  );
});

test('byte ranges: single ranges honoured, suffixes, unsatisfiable and ignored forms', () => {
  assert.equal(parseRange(undefined, 10), { kind: 'full' });
  assert.equal(parseRange('bytes=0-4', 10), { kind: 'partial', start: 0, end: 4 });
  assert.equal(parseRange('bytes=5-', 10), { kind: 'partial', start: 5, end: 9 });
  assert.equal(parseRange('bytes=-3', 10), { kind: 'partial', start: 7, end: 9 });
  assert.equal(parseRange('bytes=8-100', 10), { kind: 'partial', start: 8, end: 9 });
  assert.equal(parseRange('bytes=10-', 10), { kind: 'unsatisfiable' });
  assert.equal(parseRange('bytes=-0', 10), { kind: 'unsatisfiable' });
  assert.equal(parseRange('bytes=0-1,3-4', 10), { kind: 'full' });
  assert.equal(parseRange('items=0-1', 10), { kind: 'full' });
  assert.equal(parseRange('bytes=5-2', 10), { kind: 'full' });
});

test('conditional requests: If-None-Match wins, dates compare at second precision', () => {
  const v = { etag: '"abc"', lastModified: new Date('2025-01-01T00:00:00.700Z') };
  assert.ok(notModified({ ifNoneMatch: '"x", "abc"' }, v));
  assert.ok(notModified({ ifNoneMatch: 'W/"abc"' }, v));
  assert.ok(notModified({ ifNoneMatch: '*' }, v));
  assert.not.ok(notModified({ ifNoneMatch: '"x"', ifModifiedSince: 'Wed, 01 Jan 2025 00:00:00 GMT' }, v));
  assert.ok(notModified({ ifModifiedSince: 'Wed, 01 Jan 2025 00:00:00 GMT' }, v));
  assert.not.ok(notModified({ ifModifiedSince: 'Tue, 31 Dec 2024 23:59:59 GMT' }, v));
  assert.ok(rangeStillValid('"abc"', v));
  assert.not.ok(rangeStillValid('"old"', v));
});

test('file-view never renders active content inline', () => {
  assert.equal(viewMode('text/html', 'a.html'), { kind: 'text' });
  assert.equal(viewMode('image/svg+xml', 'a.svg'), { kind: 'text' });
  assert.equal(viewMode('image/png', 'evil.svg'), { kind: 'text' });
  assert.equal(viewMode('text/plain', 'page.htm'), { kind: 'text' });
  assert.equal(viewMode('application/xml', 'a.xml'), { kind: 'text' });
  assert.equal(viewMode('application/atom+xml', 'feed'), { kind: 'text' });
  assert.equal(viewMode('text/javascript', 'a.mjs'), { kind: 'text' });
  assert.equal(viewMode('image/png', 'a.png'), { kind: 'inline', contentType: 'image/png' });
  assert.equal(viewMode('video/mp4', 'a.mp4'), { kind: 'inline', contentType: 'video/mp4' });
  assert.equal(viewMode('application/zip', 'a.zip'), { kind: 'attachment', contentType: 'application/zip' });
});

test('multipart part size grows so no upload needs more than 10,000 parts', () => {
  const MiB = 1024 * 1024;
  assert.equal(partPlan(1), { partSize: 5 * MiB, partCount: 1 });
  assert.equal(partPlan(12 * MiB), { partSize: 5 * MiB, partCount: 3 });
  for (const size of [50 * 1024 * MiB, 1024 ** 4, 5 * 1024 ** 4]) {
    const { partSize, partCount } = partPlan(size);
    assert.ok(partCount <= 10_000, `${size}: ${partCount} parts`);
    assert.is(partSize % MiB, 0);
    assert.ok(partSize * partCount >= size);
  }
});

test('signed links verify only for their share, before they expire', () => {
  const signer = createLinkSigner('a-server-secret-of-some-length');
  const share = { id: 'id-1', slug: 'abc' };
  const now = Date.now();
  const { exp, sig } = signer.sign(share, 60, now);
  assert.ok(signer.verify(share, String(exp), sig, now));
  assert.not.ok(signer.verify({ id: 'id-1', slug: 'abd' }, String(exp), sig, now));
  assert.not.ok(signer.verify({ id: 'id-2', slug: 'abc' }, String(exp), sig, now));
  assert.not.ok(signer.verify(share, String(exp + 1), sig, now));
  assert.not.ok(signer.verify(share, String(exp), sig, now + 61_000));
  assert.not.ok(signer.verify(share, String(exp), undefined, now));
  assert.not.ok(createLinkSigner('another-secret-of-some-length').verify(share, String(exp), sig, now));
});

test.run();
