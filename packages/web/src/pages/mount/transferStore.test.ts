// The transfer list the page shows follows the exact one at most every PUBLISH_EVERY_MS (ADR 0090).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  addTransfers,
  currentTransfers,
  endTransfer,
  PUBLISH_EVERY_MS,
  patchTransfer,
  transfers,
} from './transferStore.ts';

const upload = (name: string) => ({
  kind: 'upload' as const,
  name,
  folder: '/loc',
  size: 10,
  loaded: 0,
  speed: 0,
});
const shown = (id: string) => transfers.value.find((t) => t.id === id);
const exact = (id: string) => currentTransfers().find((t) => t.id === id);

async function until(probe: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

test('a burst of changes shows at once for the first, the rest together a publishing later', async () => {
  const [a, b] = addTransfers([upload('a.bin'), upload('b.bin')]);
  assert.is(shown(a)?.status, 'pending', 'added transfers show at once');
  await new Promise((resolve) => setTimeout(resolve, PUBLISH_EVERY_MS));

  patchTransfer(a, { status: 'running' });
  const first = Date.now();
  assert.is(shown(a)?.status, 'running', 'a change after a quiet spell shows at once');
  patchTransfer(a, { loaded: 5 });
  patchTransfer(b, { status: 'running' });
  assert.is(exact(a)?.loaded, 5, 'the code reads the exact list');
  assert.is(exact(b)?.status, 'running');
  assert.is(shown(a)?.loaded, 0, 'the page waits for the next publishing');
  assert.is(shown(b)?.status, 'pending');

  await until(() => shown(b)?.status === 'running', 'the next publishing');
  assert.ok(Date.now() - first >= PUBLISH_EVERY_MS - 5, 'no sooner than a publishing interval');
  assert.is(shown(a)?.loaded, 5, 'both changes in the same publishing');

  // The last running transfer's end shows without waiting.
  patchTransfer(a, { status: 'completed' });
  patchTransfer(b, { status: 'completed' });
  endTransfer(a);
  assert.is(shown(b)?.status, 'running', 'one still running: the page waits');
  endTransfer(b);
  assert.is(shown(a)?.status, 'completed');
  assert.is(shown(b)?.status, 'completed');
});

test.run();
