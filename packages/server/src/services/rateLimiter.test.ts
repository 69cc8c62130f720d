// @clip-databases sqlite postgres
// The budget read every credentialed request makes: the reads of one turn go together (one transaction
// on SQLite, one statement on Postgres), and each still answers for its own key.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { manualClock } from '../clock.ts';
import { useTestDatabase } from '../testing/testDatabase.ts';
import { createRateLimiter } from './rateLimiter.ts';

const database = useTestDatabase(test);

const statusOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? 'ok' : String((r.reason as { status?: number }).status ?? r.reason);

test('checks made in one turn answer each for its own key; the lockout ends with the window', async () => {
  const clock = manualClock(1_000_000);
  const limiter = createRateLimiter(database.db, { maxFailures: 2, windowMs: 60_000, clock });
  for (let i = 0; i < 2; i++) await limiter.attempt('spent');
  await limiter.attempt('once');
  const keys = ['spent', 'once', 'never', 'spent', 'once', 'spent'];
  const answers = await Promise.allSettled(keys.map((key) => limiter.check(key)));
  assert.equal(answers.map(statusOf), ['429', 'ok', 'ok', '429', 'ok', '429']);
  clock.advance(60_001);
  assert.equal(
    (await Promise.allSettled(keys.map((key) => limiter.check(key)))).map(statusOf),
    keys.map(() => 'ok'),
  );
});

test.run();
