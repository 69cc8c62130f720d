// When the hot pool's plans go stale, on its own (no database): table sizes in, stale connections out.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  outgrew,
  PLAN_CHECK_INTERVAL_MS,
  PLAN_GROWTH_FACTOR,
  PLAN_TABLE_FLOOR_BYTES,
  type PlanFreshness,
  planFreshness,
  type TableSizes,
} from './planFreshness.ts';

const FLOOR = PLAN_TABLE_FLOOR_BYTES;
const FACTOR = PLAN_GROWTH_FACTOR;
const sizes = (entries: Record<string, number>): TableSizes => new Map(Object.entries(entries));

test('a table outgrows its plans past the floor and past twice its planned size', () => {
  assert.not.ok(outgrew(sizes({}), sizes({ pastes: FLOOR })), 'at the floor any plan reads a few pages');
  assert.ok(outgrew(sizes({}), sizes({ pastes: FLOOR + 1 })), 'a table the plans never saw counts as empty');
  assert.not.ok(outgrew(sizes({ pastes: FLOOR }), sizes({ pastes: FACTOR * FLOOR })));
  assert.ok(outgrew(sizes({ pastes: FLOOR }), sizes({ pastes: FACTOR * FLOOR + 1 })));
  assert.ok(outgrew(sizes({ pastes: 8192 }), sizes({ pastes: FLOOR * 3 })), 'from a few rows to many');
  assert.not.ok(outgrew(sizes({ pastes: 10 * FLOOR }), sizes({ pastes: FLOOR * 2 })), 'shrinking never does');
  assert.ok(
    outgrew(sizes({ pastes: 10 * FLOOR, keys: FLOOR }), sizes({ pastes: 10 * FLOOR, keys: 3 * FLOOR })),
  );
});

interface Harness {
  now: number;
  current: TableSizes;
  failNext: boolean;
  /** How often the sizes were read. */
  readings: number;
  plans: PlanFreshness;
}

/** A freshness whose sizes and clock the test sets. */
function harness(initial: TableSizes): Harness {
  const h = { now: 0, current: initial, failNext: false, readings: 0 } as Harness;
  h.plans = planFreshness(
    async () => {
      h.readings += 1;
      if (h.failNext) {
        h.failNext = false;
        throw new Error('permission denied');
      }
      return h.current;
    },
    () => h.now,
  );
  return h;
}

test('connections keep their plans until a table outgrows them, then each drops them once', async () => {
  const h = harness(sizes({ pastes: 8192 }));
  const a = {};
  const b = {};
  await h.plans.check();
  assert.not.ok(h.plans.stale(a), 'a connection first seen has made no plans yet');
  assert.not.ok(h.plans.stale(b));
  h.current = sizes({ pastes: 40 * FLOOR });
  await h.plans.check();
  assert.ok(h.plans.stale(a));
  h.plans.refreshed(a);
  assert.not.ok(h.plans.stale(a), 'dropped once, its next plans fit the table as it is');
  assert.ok(h.plans.stale(b), 'every connection drops its own');
  const c = {};
  assert.not.ok(h.plans.stale(c), 'a connection first seen after the growth plans for the grown table');
  h.current = sizes({ pastes: 60 * FLOOR });
  await h.plans.check();
  assert.not.ok(h.plans.stale(a), 'growth under twice the size the plans were made at keeps them');
});

test('the sizes are read only while statements run, at most once per interval', async () => {
  const h = harness(sizes({ pastes: 8192 }));
  const a = {};
  h.plans.stale(a);
  assert.is(h.readings, 1, 'the first statement reads them');
  await new Promise((r) => setImmediate(r));
  h.now = PLAN_CHECK_INTERVAL_MS - 1;
  h.plans.stale(a);
  assert.is(h.readings, 1, 'not again within the interval');
  h.current = sizes({ pastes: 40 * FLOOR });
  h.now = 10 * PLAN_CHECK_INTERVAL_MS;
  assert.not.ok(h.plans.stale(a), 'the reading a statement starts decides for the statements after it');
  await new Promise((r) => setImmediate(r));
  assert.is(h.readings, 2);
  assert.ok(h.plans.stale(a));
});

test('a reading that fails keeps the plans and the next one decides', async () => {
  const h = harness(sizes({ pastes: 8192 }));
  const a = {};
  await h.plans.check();
  h.plans.stale(a);
  h.current = sizes({ pastes: 40 * FLOOR });
  h.failNext = true;
  await h.plans.check();
  assert.not.ok(h.plans.stale(a));
  await h.plans.check();
  assert.ok(h.plans.stale(a));
});

test.run();
