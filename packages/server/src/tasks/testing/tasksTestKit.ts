/** Test handlers for the runner: items that record when they ran, can fail, or wait for a signal. */
import type { Knex } from 'knex';
import type { Actor } from '../../services/actor.ts';
import type { ItemContext, TaskHandler } from '../handler.ts';

export interface TestItem {
  name: string;
  /** Fails this many times before succeeding (across runs of the same handler). */
  failTimes?: number;
  /** Waits until released (see `gate`). */
  wait?: boolean;
}

export function testHandler(options: { concurrency?: number } = {}) {
  const runs: string[] = [];
  const failures = new Map<string, number>();
  let release: () => void = () => {};
  let gate = new Promise<void>((r) => {
    release = r;
  });
  const started: string[] = [];
  const handler: TaskHandler<TestItem> = {
    concurrency: options.concurrency,
    describe: (item) => item.name,
    async runItem(item, _payload, ctx: ItemContext) {
      started.push(item.name);
      if (item.wait) {
        // Like a transfer between parts: check for a stop every few milliseconds until released.
        let released = false;
        void gate.then(() => {
          released = true;
        });
        while (!released) {
          ctx.checkpoint();
          await new Promise((r) => setTimeout(r, 5));
        }
      }
      ctx.checkpoint();
      const failed = failures.get(item.name) ?? 0;
      if (failed < (item.failTimes ?? 0)) {
        failures.set(item.name, failed + 1);
        return { status: 'failed', path: item.name, error: 'planned failure' };
      }
      runs.push(item.name);
      ctx.addBytes(10);
      return { status: 'success', path: item.name };
    },
  };
  return {
    handler,
    runs,
    started,
    release: () => release(),
    rearm() {
      gate = new Promise<void>((r) => {
        release = r;
      });
    },
  };
}

export const adminActor: Actor = { kind: 'admin', id: 'admin-test', username: 'admin' };

/** A server's own administrator as an actor, for tasks a test queues through the service. */
export async function serverAdmin(knex: Knex): Promise<Actor> {
  const { id, username } = await knex('admins').select('id', 'username').first();
  return { kind: 'admin', id, username };
}

/** The administrator row behind `adminActor`: a task runs as its owner read from the database. */
export async function insertTestAdmin(knex: Knex): Promise<void> {
  await knex('admins').insert({
    id: 'admin-test',
    username: 'admin',
    password_hash: 'unused',
    created_at: Date.now(),
    updated_at: Date.now(),
  });
}
export const keyActor = (id: string, basicPath = '/'): Actor => ({
  kind: 'apikey',
  id,
  name: `key ${id}`,
  permissions: { text: false, file: false, mount: true },
  basicPath,
});

export { until } from '../../testing/until.ts';
