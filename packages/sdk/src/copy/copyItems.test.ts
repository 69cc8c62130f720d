// fs.copy follows what the server answers: a copy done in the request, or a task watched until it ends,
// whose failed items are reported rather than dropped.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Task } from '../contract/index.ts';
import { ClipClient } from '../sdk.ts';
import { type Answer, envelope, ORIGIN, scriptedFetch } from '../testing/scriptedFetch.ts';
import type { CopyProgress } from './types.ts';

const pairs = [
  { sourcePath: '/a/x.txt', targetPath: '/b/x.txt' },
  { sourcePath: '/a/y.txt', targetPath: '/b/y.txt' },
];

const task = (patch: Partial<Task>): Task => ({
  id: 't1',
  type: 'copy',
  status: 'running',
  progress: 50,
  current_file: null,
  total: 2,
  success: 1,
  skipped: 0,
  failed: 0,
  bytes_done: 10,
  bytes_total: 20,
  created_at: '',
  updated_at: '',
  completed_at: null,
  error: null,
  owner: 'admin',
  cancel_requested: false,
  source: '/a',
  target: '/b',
  ...patch,
});

function adminWith(answer: Answer) {
  const { fetch, requests } = scriptedFetch(answer);
  return {
    client: new ClipClient({ baseUrl: ORIGIN, auth: { type: 'admin', token: 't' }, fetch }),
    requests,
  };
}

test('a copy done in the request reports its counts; the request carries the items and skip flag', async () => {
  const failed = [{ sourcePath: '/a/y.txt', targetPath: '/b/y.txt', error: 'source is gone' }];
  const { client, requests } = adminWith(() => envelope({ copied: 1, skipped: 0, failed }));
  const phases: CopyProgress['phase'][] = [];
  const report = await client.fs.copy(pairs, {
    skipExisting: false,
    onProgress: (p) => phases.push(p.phase),
  });
  assert.equal(report, { mode: 'inline', copied: 1, skipped: 0, failed });
  assert.is(requests[0].url, '/api/admin/fs/batch-copy');
  assert.equal(JSON.parse(String(requests[0].body)), { items: pairs, skipExisting: false });
  assert.is(phases.at(-1), 'completed');
});

test('a copy that became a task is watched to its end; failed items come back with their reason', async () => {
  const states = [
    task({ status: 'running' }),
    task({
      status: 'partial',
      progress: 100,
      failed: 1,
      results: [
        { index: 0, path: '/b/x.txt', status: 'success' },
        { index: 1, path: '/b/y.txt', status: 'failed', error: 'quota exceeded' },
      ],
    }),
  ];
  let polls = 0;
  const { client, requests } = adminWith((r) =>
    r.url === '/api/admin/fs/batch-copy'
      ? envelope({ task_id: 't1' }, 202)
      : envelope(states[Math.min(polls++, 1)]),
  );
  const report = await client.fs.copy(pairs);
  assert.is(report.mode, 'task');
  assert.is(report.task?.status, 'partial');
  assert.equal(report.failed, [{ sourcePath: '', targetPath: '/b/y.txt', error: 'quota exceeded' }]);
  assert.ok(requests.slice(1).every((r) => r.url === '/api/admin/tasks/t1'));
});

test('with wait: false the task is reported as it stands, without polling', async () => {
  const { client, requests } = adminWith((r) =>
    r.url === '/api/admin/fs/batch-copy' ? envelope({ task_id: 't1' }, 202) : envelope(task({})),
  );
  const report = await client.fs.copy(pairs, { wait: false });
  assert.equal([report.mode, report.copied, report.task?.status], ['task', 1, 'running']);
  assert.is(requests.length, 2);
});

test.run();
