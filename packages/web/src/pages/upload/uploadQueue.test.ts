import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  addFiles,
  applyLimit,
  clearFinished,
  maxUploadBytes,
  pendingItems,
  removeItem,
  updateItem,
} from './uploadQueue.ts';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

test('files over the limit or empty are refused at once; others wait', () => {
  const queue = addFiles([], [file('a.txt', 10), file('big.bin', 2048), file('empty', 0)], 1024);
  assert.equal(
    queue.map((i) => [i.file.name, i.status, i.problem?.code ?? null]),
    [
      ['a.txt', 'pending', null],
      ['big.bin', 'error', 'too-large'],
      ['empty', 'error', 'empty'],
    ],
  );
  assert.is(pendingItems(queue).length, 1);
  assert.is(new Set(queue.map((i) => i.id)).size, 3, 'ids are unique');
});

test('an unknown limit refuses nothing', () => {
  assert.is(addFiles([], [file('x', 5_000_000)], null)[0].status, 'pending');
});

test('a limit that arrives after files were chosen refuses the waiting ones over it', () => {
  const chosen = addFiles([], [file('small', 10), file('big.bin', 2048)], null);
  const running = updateItem(chosen, chosen[0].id, { status: 'uploading' });
  const limited = applyLimit(running, 1024);
  assert.equal(
    limited.map((i) => [i.file.name, i.status, i.problem?.code ?? null]),
    [
      ['small', 'uploading', null],
      ['big.bin', 'error', 'too-large'],
    ],
  );
  assert.is(applyLimit(limited, 1024), limited, 'nothing to change: the same list');
  assert.is(applyLimit(chosen, null), chosen);
});

test('a file refused under the fallback limit waits again when the real, larger limit arrives', () => {
  const chosen = addFiles([], [file('big.bin', 2048), file('huge.bin', 8192)], 1024);
  assert.equal(
    chosen.map((i) => i.status),
    ['error', 'error'],
  );
  const real = applyLimit(chosen, 4096);
  assert.equal(
    real.map((i) => [i.file.name, i.status, i.problem?.code ?? null]),
    [
      ['big.bin', 'pending', null],
      ['huge.bin', 'error', 'too-large'],
    ],
  );
  assert.is(applyLimit(real, 4096), real, 'judged again under the same limit: the same list');
});

test('progress, removal and clearing keep running uploads', () => {
  let queue = addFiles([], [file('a', 1), file('b', 1), file('c', 1)], null);
  const [a, b, c] = queue.map((i) => i.id);
  queue = updateItem(queue, a, { status: 'uploading', percent: 40 });
  queue = updateItem(queue, b, { status: 'success', percent: 100 });
  assert.is(queue[0].percent, 40);
  assert.is(removeItem(queue, a).length, 3, 'a running upload is not removed');
  assert.is(removeItem(queue, c).length, 2);
  assert.equal(
    clearFinished(queue).map((i) => i.id),
    [a, c],
  );
});

test('the limit in MB becomes bytes', () => {
  assert.is(maxUploadBytes(100), 104_857_600);
  assert.is(maxUploadBytes(0.5), 524_288);
  assert.is(maxUploadBytes(null), null);
  assert.is(maxUploadBytes(0), null);
});

test.run();
