// Opens a test database without declaring its databases: the runner must refuse it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase } from '../../../packages/server/src/testing/testDatabase.ts';

test('opens a database', async () => {
  const db = await createTestDatabase();
  await db.release();
  assert.ok(true);
});
test.run();
