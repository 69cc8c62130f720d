import type { AccessEvent } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { activityDays } from './activityDays.ts';

const event = (at: Date, outcome: AccessEvent['outcome']): AccessEvent => ({
  id: String(at.getTime()),
  share_kind: 'text',
  share_id: 's',
  at: at.toISOString(),
  action: 'view',
  outcome,
  ip: null,
  user_agent: null,
  bytes: null,
  path: null,
});

test('events land on their local day, split into served and refused; older ones are left out', () => {
  const now = new Date(2026, 10, 29, 9, 30).getTime();
  const days = activityDays(
    [
      event(new Date(2026, 10, 29, 0, 5), 'ok'),
      event(new Date(2026, 10, 29, 8, 0), 'wrong_password'),
      event(new Date(2026, 10, 27, 23, 59), 'ok'),
      event(new Date(2026, 10, 1, 12, 0), 'ok'),
    ],
    3,
    now,
  );
  assert.equal(days, [
    { date: '2026-11-27', ok: 1, refused: 0 },
    { date: '2026-11-28', ok: 0, refused: 0 },
    { date: '2026-11-29', ok: 1, refused: 1 },
  ]);
});

test.run();
