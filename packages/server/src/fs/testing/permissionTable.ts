/**
 * The permission table of issue 10, shared by the module test (services/permissions) and the HTTP test:
 * a key scoped to `/m1/sub`, over URL-encoded paths as they arrive in a query string (decoded once).
 */
import type { FsAccess } from '../../services/permissions.ts';

export type Expected = FsAccess | 'invalid';

/** [query-encoded path, expected access of the key scoped to /m1/sub] */
export const SCOPED_KEY_TABLE: [string, Expected][] = [
  ['/', 'navigate'],
  ['/m1', 'navigate'],
  ['/m1/', 'navigate'],
  ['/m1/sub', 'full'],
  ['/m1/sub/', 'full'],
  ['/m1/sub/deeper/file.txt', 'full'],
  ['/m1/subx', 'none'],
  ['/m1/subx/file.txt', 'none'],
  ['/m1/su', 'none'],
  ['/m2', 'none'],
  ['/m1/SUB', 'none'],
  ['/m1/sub/../other', 'invalid'],
  ['/m1/sub/..', 'invalid'],
  ['/m1/sub/%2e%2e/other', 'invalid'],
  ['/m1/sub/%2E%2E/other', 'invalid'],
  ['/m1/sub/.%2e/other', 'invalid'],
  ['/m1/sub/%252e%252e/other', 'full'],
  ['/m1/sub/./x', 'invalid'],
  ['/m1//sub', 'invalid'],
  ['/m1/sub%5C..%5Cother', 'invalid'],
  ['/m1\\sub', 'invalid'],
  ['/m1/sub%00', 'invalid'],
  ['/m1/sub%00/../../x', 'invalid'],
  ['/m1/sub%0a', 'invalid'],
  ['m1/sub', 'invalid'],
];
