import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EventQueue, type QueuedEvent } from './eventQueue.ts';

const event = (n: number, extra: Partial<QueuedEvent> = {}): QueuedEvent => ({
  share_kind: 'text',
  share_id: `share-${n % 2}`,
  owner: 'apikey:k',
  at: 1_700_000_000_000 + n,
  action: 'view',
  outcome: 'ok',
  ip: '203.0.113.9',
  user_agent: 'curl/8',
  bytes: n,
  path: null,
  ...extra,
});

/** What a row says about its event: everything but the id. */
const described = ({ id: _id, ...rest }: { id: string }) => rest;

test('take answers the events in arrival order as rows, each with a time-ordered id of its moment, and empties', () => {
  const queue = new EventQueue(10);
  queue.push(event(1));
  queue.push(event(2, { user_agent: null, bytes: null, path: '/docs/a.txt', outcome: 'wrong_password' }));
  queue.push(event(3, { bytes: 0 }));
  assert.is(queue.size, 3);
  const rows = queue.take();
  assert.is(queue.size, 0);
  assert.equal(rows.map(described), [
    { ...event(1) },
    { ...event(2, { user_agent: null, bytes: null, path: '/docs/a.txt', outcome: 'wrong_password' }) },
    { ...event(3, { bytes: 0 }) },
  ]);
  for (const row of rows) {
    assert.match(row.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // A version 7 UUID's first 48 bits are its millisecond.
    assert.is(Number.parseInt(row.id.replaceAll('-', '').slice(0, 12), 16), row.at);
  }
  assert.equal(queue.take(), [], 'nothing is answered twice');
});

test('a full queue drops its oldest event for each new one, and starts at the front once emptied', () => {
  const queue = new EventQueue(3);
  const dropped = [1, 2, 3, 4, 5, 6, 7].map((n) => queue.push(event(n)));
  assert.equal(dropped, [false, false, false, true, true, true, true]);
  assert.is(queue.size, 3);
  assert.equal(
    queue.take().map((r) => r.bytes),
    [5, 6, 7],
  );
  queue.push(event(8));
  queue.push(event(9));
  assert.equal(
    queue.take().map((r) => r.bytes),
    [8, 9],
    'after a wrapped queue is emptied, new events come out in their order',
  );
});

test('more distinct strings than it remembers still come out as they went in', () => {
  const queue = new EventQueue(10_000);
  for (let n = 0; n < 5000; n++) queue.push(event(n, { ip: `198.51.100.${n}`, share_id: `s${n}` }));
  const rows = queue.take();
  assert.is(rows.length, 5000);
  assert.ok(rows.every((r, n) => r.ip === `198.51.100.${n}` && r.share_id === `s${n}`));
});

test.run();
