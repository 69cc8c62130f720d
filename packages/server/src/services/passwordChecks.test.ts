// @clip-databases sqlite postgres
// Password checks: counted atomically before verifying, and at most a few scrypt runs per client at once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { useTestDatabase } from '../testing/testDatabase.ts';
import { createPasswordChecks, DUMMY_HASH } from './passwordChecks.ts';
import { createRateLimiter } from './rateLimiter.ts';

const database = useTestDatabase(test);

const statusOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? 'ok' : String((r.reason as { status?: number }).status ?? r.reason);

test('30 parallel wrong guesses: exactly the allowed number is verified, the rest are 429', async () => {
  const limiter = createRateLimiter(database.db, { maxFailures: 5, windowMs: 60_000 });
  let verified = 0;
  const checks = createPasswordChecks(limiter, {
    concurrent: 30,
    verifier: async () => {
      verified++;
      return false;
    },
  });
  const results = await Promise.allSettled(
    Array.from({ length: 30 }, () =>
      checks.verify({ limitKey: 'burst', client: 'c1', password: 'x', hash: 'h', onSuccess: 'reset' }),
    ),
  );
  assert.is(verified, 5);
  assert.is(results.filter((r) => r.status === 'fulfilled' && r.value === false).length, 5);
  assert.is(results.filter((r) => statusOf(r) === '429').length, 25);
});

test('at most `concurrent` checks run per client, `queued` wait, the rest are refused without counting', async () => {
  const limiter = createRateLimiter(database.db, { maxFailures: 1000, windowMs: 60_000 });
  let running = 0;
  let peak = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const checks = createPasswordChecks(limiter, {
    concurrent: 2,
    queued: 3,
    verifier: async () => {
      running++;
      peak = Math.max(peak, running);
      await gate;
      running--;
      return true;
    },
  });
  let refused = 0;
  const verify = (client: string) =>
    checks
      .verify({ limitKey: `k:${client}`, client, password: 'p', hash: 'h', onSuccess: 'refund' })
      .catch((err) => {
        refused++;
        throw err;
      });
  const burst = Promise.allSettled(Array.from({ length: 10 }, () => verify('a')));
  const other = verify('b');
  // 2 run and 3 wait for client a, 5 are refused at once; client b is not held up by client a.
  // (A loaded machine answers the database slowly: wait for the condition, generously.)
  for (let i = 0; i < 3000 && (refused < 5 || running < 3); i++) await new Promise((r) => setTimeout(r, 10));
  assert.is(refused, 5);
  assert.is(running, 3, 'two checks of client a and one of client b are running');
  open();
  const settled = (await burst).map(statusOf).sort();
  assert.equal(settled, ['429', '429', '429', '429', '429', 'ok', 'ok', 'ok', 'ok', 'ok']);
  assert.is(await other, true);
  assert.is(peak, 3);
  // Right passwords and refusals for being busy gave their attempts back.
  const row = await database.db.knex('rate_limits').where({ key: 'k:a' }).first();
  assert.is(Number(row?.failures ?? 0), 0);
});

test('an unknown user (no hash) still runs a full check, against a dummy hash, and fails', async () => {
  const limiter = createRateLimiter(database.db, { maxFailures: 1000, windowMs: 60_000 });
  const seen: string[] = [];
  const checks = createPasswordChecks(limiter, {
    verifier: async (_p, hash) => {
      seen.push(hash);
      return true;
    },
  });
  assert.is(
    await checks.verify({ limitKey: 'u', client: 'c', password: 'p', hash: null, onSuccess: 'reset' }),
    false,
  );
  assert.equal(seen, [DUMMY_HASH]);
  // And the real scrypt check against the dummy hash is false for any password.
  const real = createPasswordChecks(limiter);
  assert.is(
    await real.verify({ limitKey: 'u', client: 'c', password: '', hash: null, onSuccess: 'reset' }),
    false,
  );
});

test.run();
