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

test('a flush that answers the wrong number of outcomes fails its calls instead of leaving them waiting', async () => {
  const broken = sameTurnBatch<number, number>(() => [settledValue(1)]);
  const outcomes = await Promise.all([outcomeOf(broken(1)), outcomeOf(broken(2))]);
  assert.ok(outcomes.every((o) => 'error' in o));
});

test.run();
