// @clip-databases sqlite postgres
// Declares Postgres but never opens a test database: the declaration is false.
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('touches no database', () => assert.ok(true));
test.run();
