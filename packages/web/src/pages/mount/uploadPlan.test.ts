// How a drop of files is split into batches and single uploads (ADR 0093).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  BATCH_FILE_MAX_BYTES,
  BATCH_MAX_BYTES,
  BATCH_MAX_FILES,
  commonFolder,
  planUploads,
  relativeName,
  type UploadJob,
} from './uploadPlan.ts';

const KIB = 1024;
const indexesOf = (j: UploadJob) => (j.kind === 'batch' ? j.indexes : [j.index]);
const batchSizes = (jobs: UploadJob[]) => jobs.flatMap((j) => (j.kind === 'batch' ? [j.indexes.length] : []));

test('200 small files at four in flight are eight even batches', () => {
  const jobs = planUploads(Array(200).fill(30 * KIB), 4);
  assert.equal(batchSizes(jobs), Array(8).fill(25));
  assert.ok(jobs.every((j) => j.kind === 'batch'));
  const all = jobs.flatMap(indexesOf);
  assert.equal(
    all,
    Array.from({ length: 200 }, (_, i) => i),
    'every file once, in order',
  );
});

test('no batch over its file count or bytes; large files go singly in their place', () => {
  const sizes = [
    ...Array(300).fill(4 * KIB),
    BATCH_FILE_MAX_BYTES + 1,
    ...Array(40).fill(BATCH_FILE_MAX_BYTES),
  ];
  const jobs = planUploads(sizes, 4);
  for (const job of jobs) {
    if (job.kind !== 'batch') continue;
    assert.ok(job.indexes.length <= BATCH_MAX_FILES);
    const bytes = job.indexes.reduce((sum, i) => sum + sizes[i], 0);
    assert.ok(bytes <= BATCH_MAX_BYTES, `${bytes} bytes`);
  }
  assert.ok(jobs.some((j) => j.kind === 'single' && j.index === 300));
  const all = jobs.flatMap(indexesOf).sort((a, b) => a - b);
  assert.equal(
    all,
    Array.from({ length: sizes.length }, (_, i) => i),
  );
});

test('a few small files: up to four batches of at least eight; one file alone goes singly', () => {
  assert.equal(batchSizes(planUploads(Array(20).fill(KIB), 4)), [7, 7, 6]);
  assert.equal(planUploads([KIB], 4), [{ kind: 'single', index: 0 }]);
  assert.equal(planUploads([KIB, KIB], 4), [{ kind: 'batch', indexes: [0, 1] }]);
});

test('names relative to the folder common to a batch', () => {
  assert.is(commonFolder(['/d/to/batch', '/d/to/batch/inner', '/d/to/batch']), '/d/to/batch');
  assert.is(commonFolder(['/d/a', '/d/b']), '/d');
  assert.is(commonFolder(['/d', '/e']), '/');
  assert.is(relativeName('/d/to', '/d/to/x/y', 'f.txt'), 'x/y/f.txt');
  assert.is(relativeName('/d/to', '/d/to', 'f.txt'), 'f.txt');
  assert.is(relativeName('/', '/d', 'f.txt'), 'd/f.txt');
});

test.run();
