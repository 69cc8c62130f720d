// @clip-databases sqlite postgres
// Declares both databases: the runner runs it twice, each run on the database it names.

import { createTestDatabase, testDialect } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('opens the database the runner chose', async () => {
  const db = await createTestDatabase();
  await db.release();
  assert.is(testDialect(), process.env.CLIP_TEST_DB);
  console.log(`opened ${testDialect()}`);
});
test.run();
