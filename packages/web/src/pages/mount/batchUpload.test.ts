// Small files of one drop go in batches through fs.uploadBatch, each keeping its own row (ADR 0093):
// names relative to the batch's folder, a file in `failed` shows the server's reason, and a cancel of
// one file aborts its batch and sends the others one by one, as a batch that fails as a whole does.
import type { ClipClient, FsBatchFile, FsBatchUploadResult, FsUploadBatchOptions } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cancelTransfer, currentTransfers } from './transferStore.ts';
import { uploadFiles } from './uploads.ts';

const file = (name: string) => new File([`${name} bytes`], name);
const item = (path: string) => ({ path, name: path.split('/').pop() }) as never;

function fakeClient(
  answer: (folder: string, files: FsBatchFile[], o: FsUploadBatchOptions) => Promise<FsBatchUploadResult>,
) {
  const batches: { folder: string; names: string[] }[] = [];
  const singles: string[] = [];
  const client = {
    fs: {
      uploadBatch: (folder: string, files: FsBatchFile[], options: FsUploadBatchOptions) => {
        batches.push({ folder, names: files.map((f) => f.name) });
        return answer(folder, files, options);
      },
      upload: async (folder: string, f: File) => {
        singles.push(`${folder}/${f.name}`);
        return {};
      },
    },
  } as unknown as ClipClient;
  return { client, batches, singles };
}

const rowsOf = (names: string[]) =>
  currentTransfers()
    .slice(-names.length)
    .map((t) => [t.name, t.status, t.error ?? null]);

test('a dropped tree goes as one batch to its common folder; a failed file shows why', async () => {
  const { client, batches, singles } = fakeClient(async (folder, files) => ({
    items: files.filter((f) => f.name !== 'inner/bad.txt').map((f) => item(`${folder}/${f.name}`)),
    failed: [{ name: 'inner/bad.txt', status: 409, message: 'a folder is in the way' }],
  }));
  const entries = [
    { folder: '/d/to/tree', file: file('a.txt') },
    { folder: '/d/to/tree/inner', file: file('b.txt') },
    { folder: '/d/to/tree/inner', file: file('bad.txt') },
  ];
  await uploadFiles(client, entries);
  assert.equal(batches, [{ folder: '/d/to/tree', names: ['a.txt', 'inner/b.txt', 'inner/bad.txt'] }]);
  assert.equal(singles, []);
  assert.equal(rowsOf(['a.txt', 'b.txt', 'bad.txt']), [
    ['a.txt', 'completed', null],
    ['b.txt', 'completed', null],
    ['bad.txt', 'failed', 'a folder is in the way'],
  ]);
});

test('a cancelled file aborts its batch; the others go one by one', async () => {
  let started!: () => void;
  const sent = new Promise<void>((resolve) => {
    started = resolve;
  });
  const { client, batches, singles } = fakeClient(
    (_folder, _files, options) =>
      new Promise((_resolve, reject) => {
        started();
        options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  const entries = ['x.txt', 'y.txt', 'z.txt'].map((n) => ({ folder: '/d/c', file: file(n) }));
  const done = uploadFiles(client, entries);
  await sent;
  const y = currentTransfers().find((t) => t.name === 'y.txt' && t.status === 'running');
  assert.ok(y, 'y.txt is running in the batch');
  cancelTransfer(y.id);
  await done;
  assert.is(batches.length, 1);
  assert.equal(singles, ['/d/c/x.txt', '/d/c/z.txt']);
  assert.equal(rowsOf(['x.txt', 'y.txt', 'z.txt']), [
    ['x.txt', 'completed', null],
    ['y.txt', 'cancelled', null],
    ['z.txt', 'completed', null],
  ]);
});

test('a batch whose request fails as a whole sends its files one by one', async () => {
  const { client, batches, singles } = fakeClient(async () => {
    throw new TypeError('Failed to fetch');
  });
  const entries = ['p.txt', 'q.txt'].map((n) => ({ folder: '/d/n', file: file(n) }));
  await uploadFiles(client, entries);
  assert.is(batches.length, 1);
  assert.equal(singles, ['/d/n/p.txt', '/d/n/q.txt']);
  assert.equal(rowsOf(['p.txt', 'q.txt']), [
    ['p.txt', 'completed', null],
    ['q.txt', 'completed', null],
  ]);
});

test.run();
