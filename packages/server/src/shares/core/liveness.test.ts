// Liveness shared by every share kind: expiry and the view limit (0 = unlimited).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isLive } from './liveness.ts';

const NOW = 1_000_000;
const share = (expires_at: number | null, max_views: number, views: number) => ({
  expires_at,
  max_views,
  views,
});

test('a share without limits stays live', () => {
  assert.ok(isLive(share(null, 0, 1_000), NOW));
});

test('a share expires at its expiry instant, not after', () => {
  assert.ok(isLive(share(NOW + 1, 0, 0), NOW));
  assert.not.ok(isLive(share(NOW, 0, 0), NOW));
});

test('a share is used up when its views reach the limit', () => {
  assert.ok(isLive(share(null, 3, 2), NOW));
  assert.not.ok(isLive(share(null, 3, 3), NOW));
});

test.run();
