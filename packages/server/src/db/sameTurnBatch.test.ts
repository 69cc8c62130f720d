// Group commit's batching on its own (no database): what one turn gathers, and whose failure is whose.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Settled, sameTurnBatch, settle, settledValue } from './sameTurnBatch.ts';

const outcomeOf = (p: Promise<unknown>) =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error: (error as Error).message }),
  );

test('calls made in one turn reach one flush, in order; a later turn starts another', async () => {
  const flushes: number[][] = [];
  const double = sameTurnBatch<number, number>((items) => {
    flushes.push(items);
    return items.map((n) => settledValue(n * 2));
  });
  assert.equal(await Promise.all([double(1), double(2), double(3)]), [2, 4, 6]);
  assert.equal(await double(4), 8);
  assert.equal(flushes, [[1, 2, 3], [4]]);
});

test('a call settles only once its flush has finished', async () => {
  let finish: (outcomes: Settled<string>[]) => void = () => {};
  const echo = sameTurnBatch<string, string>(() => new Promise((resolve) => (finish = resolve)));
  let settled = false;
  const call = echo('a').then((v) => {
    settled = true;
    return v;
  });
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  assert.not.ok(settled);
  finish([settledValue('done')]);
  assert.is(await call, 'done');
});

test("an isolated failure is that call's alone; any other failure fails the whole flush", async () => {
  const isolated = (err: unknown) => (err as Error).message.startsWith('mine');
  const work = sameTurnBatch<string, string>((items) =>
    items.map((item) =>
      settle(() => {
        if (item !== 'ok') throw new Error(item);
        return 'fine';
      }, isolated),
    ),
  );
  assert.equal(
    await Promise.all([outcomeOf(work('ok')), outcomeOf(work('mine: bad')), outcomeOf(work('ok'))]),
    [{ value: 'fine' }, { error: 'mine: bad' }, { value: 'fine' }],
  );
  assert.equal(await Promise.all([outcomeOf(work('ok')), outcomeOf(work('disk full'))]), [
    { error: 'disk full' },
    { error: 'disk full' },
  ]);
});

test('one at a time: calls made while a flush is under way wait, then go together in the next', async () => {
  const flushes: string[][] = [];
  const release: (() => void)[] = [];
  const echo = sameTurnBatch<string, string>(
    (items) => {
      flushes.push(items);
      return new Promise((resolve) => release.push(() => resolve(items.map((i) => settledValue(i)))));
    },
    { oneAtATime: true },
  );
  const turn = () => new Promise((r) => setImmediate(r));
  const first = echo('a');
  await turn();
  const later = [echo('b'), echo('c')];
  await turn();
  const last = echo('d');
  await turn();
  assert.equal(flushes, [['a']]);
  release[0]();
  assert.is(await first, 'a');
  // The next flush is scheduled once the first has wholly finished: one turn for that, one for it.
  await turn();
  await turn();
  assert.equal(flushes, [['a'], ['b', 'c', 'd']]);
  release[1]();
  assert.equal(await Promise.all([...later, last]), ['b', 'c', 'd']);
});

test('a flush that answers the wrong number of outcomes fails its calls instead of leaving them waiting', async () => {
  const broken = sameTurnBatch<number, number>(() => [settledValue(1)]);
  const outcomes = await Promise.all([outcomeOf(broken(1)), outcomeOf(broken(2))]);
  assert.ok(outcomes.every((o) => 'error' in o));
});

test.run();
