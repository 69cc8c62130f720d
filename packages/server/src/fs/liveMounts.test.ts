import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Actor } from '../services/actor.ts';
import type { MountRecord } from '../services/mountService.ts';
import { createFsContext, type FsDeps } from './context.ts';

const ADMIN: Actor = { kind: 'admin', id: 'a1', username: 'admin' };

const going: MountRecord = {
  id: 'm1',
  name: 'going',
  mountPath: '/going',
  storageType: 'local',
  storageConfigId: 'c1',
  sortOrder: 0,
  cacheTtl: 0,
  isActive: true,
  webProxy: true,
  rootPrefix: '',
  version: 1,
};

/** A context whose held mount list predates the mount, and whose live read has it. */
function contextWithHeldList(held: MountRecord[], live: MountRecord[]) {
  const reads = { held: 0, live: 0 };
  const deps = {
    activeMounts: async () => {
      reads.held++;
      return held;
    },
    liveMounts: async () => {
      reads.live++;
      return live;
    },
    driverFor: async () => ({}) as never,
  } as unknown as FsDeps;
  return { context: createFsContext(deps), reads };
}

test('a path the held mount list misses is resolved against the mounts read now', async () => {
  const { context, reads } = contextWithHeldList([], [going]);
  const resolved = await context.resolveMount(ADMIN, '/going/ranges.bin', 'read');
  assert.is(resolved.mount.id, 'm1');
  assert.is(resolved.storagePath, 'ranges.bin');
  assert.equal(reads, { held: 1, live: 1 });
});

test('a path the held list places in a mount costs no live read', async () => {
  const { context, reads } = contextWithHeldList([going], []);
  assert.is((await context.resolveMount(ADMIN, '/going/a.txt', 'read')).mount.id, 'm1');
  assert.equal(reads, { held: 1, live: 0 });
});

test('a path in no mount, held or live, is still refused', async () => {
  const { context } = contextWithHeldList([], []);
  try {
    await context.resolveMount(ADMIN, '/nowhere/a.txt', 'read');
    assert.unreachable('resolved a path in no mount');
  } catch (err) {
    assert.is((err as { status?: number }).status, 404);
    assert.match(String((err as Error).message), /not found/);
  }
});

test.run();
