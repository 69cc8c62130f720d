// Opens a test database without declaring its databases: the runner must refuse it.

import { createTestDatabase } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('opens a database', async () => {
  const db = await createTestDatabase();
  await db.release();
  assert.ok(true);
});
test.run();
