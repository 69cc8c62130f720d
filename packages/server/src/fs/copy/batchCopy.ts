/**
 * Batch copy over the file-system service: small jobs on one storage config finish in the request, larger
 * ones and every copy across storage configs become a `copy` task; `client_side` answers the spec's
 * client-side copy instead (clientCopy.ts). Large folder deletes become `delete` tasks the same way.
 */
import {
  type BatchCopyBody,
  type BatchCopyDone,
  type BatchCopyResult,
  COPY_INLINE_MAX_BYTES,
  COPY_INLINE_MAX_OBJECTS,
  DELETE_TASK_MIN_OBJECTS,
  type FsBatchRemoveResult,
} from '@clip/sdk/contract';
import { AppError } from '../../http/appError.ts';
import type { Actor } from '../../services/actor.ts';
import type { ItemOutcome } from '../../tasks/handler.ts';
import { pathSummary } from '../../tasks/pathSummary.ts';
import type { TaskRunner } from '../../tasks/runner.ts';
import type { TaskService } from '../../tasks/taskService.ts';
import { fsStorageError } from '../errors.ts';
import type { FsService, ResolvedMountPath } from '../types.ts';
import { type ClientCopy, createClientCopy } from './clientCopy.ts';
import { copyUnit, SKIPPED_EXISTING, type UnitOutcome } from './copyUnit.ts';
import { type CopyUnit, planCopy } from './plan.ts';
import { unreachableStorages } from './reachability.ts';
import { refreshListings } from './refreshListings.ts';
import { sweepTempFiles } from './sweepTempFiles.ts';

/** Units of one copy run at once, in the request and in a task (small objects are latency-bound). */
const UNITS_IN_FLIGHT = 8;
/** Of those, objects above this size run at most BIG_IN_FLIGHT at once per process (bounded memory and disk). */
const BIG_OBJECT_BYTES = 16 * 1024 * 1024;
const BIG_IN_FLIGHT = 4;

/** A counting semaphore; one for the whole process, so the bound holds across tasks and requests. */
function semaphore(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}
const bigObjects = semaphore(BIG_IN_FLIGHT);
const gated = <T>(unit: CopyUnit, fn: () => Promise<T>) =>
  unit.size > BIG_OBJECT_BYTES ? bigObjects(fn) : fn();

interface CopyPayload {
  items: CopyUnit[];
  skipExisting: boolean;
  /** Top-level targets, for the listing-cache invalidation at the end. */
  targets: string[];
}

interface DeletePayload {
  items: string[];
}

export interface BatchCopyService extends ClientCopy {
  batchCopy(actor: Actor, body: BatchCopyBody): Promise<BatchCopyResult>;
  /** batch-remove, except that a folder of more than 1,000 objects turns the batch into a delete task. */
  batchRemove(actor: Actor, paths: string[]): Promise<FsBatchRemoveResult | { task_id: string }>;
}

export function createBatchCopy(deps: {
  fs: FsService;
  /** The fs service the tasks use (mounts and drivers reread at most once a second); default `fs`. */
  taskFs?: FsService;
  tasks: TaskService;
  runner: TaskRunner;
}): BatchCopyService {
  const { fs, tasks } = deps;
  const taskFs = deps.taskFs ?? fs;

  deps.runner.register('copy', {
    concurrency: UNITS_IN_FLIGHT,
    describe: (unit: CopyUnit) => unit.target,
    async runItem(unit: CopyUnit, payload, ctx) {
      const p = payload as unknown as CopyPayload;
      // The owner's scope as it is now (ctx.actor), not as it was when the task was made.
      const from = await taskFs.resolve(ctx.actor, unit.source, 'read');
      const to = await taskFs.resolve(ctx.actor, unit.target, 'write');
      const outcome = await gated(unit, () =>
        copyUnit(unit, from, to, {
          skipExisting: p.skipExisting,
          signal: ctx.signal,
          checkpoint: ctx.checkpoint,
          addBytes: ctx.addBytes,
        }),
      ).catch((err) => {
        throw fsStorageError(err, unit.target);
      });
      if (outcome === 'copied') await fs.props.copyTree(unit.source, unit.target, true);
      return unitOutcome(unit, outcome);
    },
    async finish(payload, run) {
      const p = payload as unknown as CopyPayload;
      if (run.resumed) await sweepTempFiles(fs, p.targets, run.claimedAt);
      await refreshListings(fs, p.targets);
    },
  });

  deps.runner.register('delete', {
    describe: (path: string) => path,
    async runItem(path: string, _payload, ctx) {
      try {
        await taskFs.remove(ctx.actor, path);
      } catch (err) {
        // A runner that died after removing this path but before recording it: the path is gone, as asked.
        if (!(ctx.resumed && err instanceof AppError && err.status === 404)) throw err;
      }
      return { status: 'success', path };
    },
  });

  /** Runs the units within the request: one outcome per unit, in order, and the answer (files only). */
  async function runInline(actor: Actor, units: CopyUnit[], skipExisting: boolean) {
    const done: BatchCopyDone = { copied: 0, skipped: 0, failed: [] };
    const outcomes: ItemOutcome[] = new Array(units.length);
    let next = 0;
    const touched = new Map<string, ResolvedMountPath>();
    const worker = async () => {
      while (next < units.length) {
        const index = next++;
        const unit = units[index];
        try {
          const from = await fs.resolve(actor, unit.source, 'read');
          const to = await fs.resolve(actor, unit.target, 'write');
          touched.set(to.mount.storageConfigId, to);
          const outcome = await gated(unit, () => copyUnit(unit, from, to, { skipExisting }));
          // Each copied file or folder takes its own dead properties (a skipped one keeps the target's).
          if (outcome === 'copied') await fs.props.copyTree(unit.source, unit.target, true);
          outcomes[index] = unitOutcome(unit, outcome);
          // Folders are how files get there; the counts are about files.
          if (unit.kind === 'file') done[outcome]++;
        } catch (err) {
          const error = fsStorageError(err, unit.target).message;
          outcomes[index] = { status: 'failed', path: unit.target, error };
          done.failed.push({ sourcePath: unit.source, targetPath: unit.target, error });
        }
      }
    };
    await Promise.all(Array.from({ length: UNITS_IN_FLIGHT }, worker));
    for (const to of touched.values()) await fs.afterWrite(to);
    return { done, outcomes };
  }

  const clientCopy = createClientCopy(fs);

  return {
    ...clientCopy,

    async batchCopy(actor, body) {
      const skipExisting = body.skipExisting ?? true;
      const cursor = Number(body.cursor ?? 0);
      if (body.client_side) return clientCopy.page(actor, body.items, skipExisting, cursor);
      // A storage this server cannot reach: the client moves the bytes (the spec's client-side copy).
      const unreachable = await unreachableStorages(fs, actor, body.items);
      if (unreachable.size) return clientCopy.page(actor, body.items, skipExisting, cursor, unreachable);
      const plan = await planCopy(fs, actor, body.items);
      const small = plan.files <= COPY_INLINE_MAX_OBJECTS && plan.bytes <= COPY_INLINE_MAX_BYTES;
      const payload: CopyPayload = {
        items: plan.units,
        skipExisting,
        targets: plan.pairs.map((p) => p.to.path),
      };
      const task = {
        type: 'copy' as const,
        payload: payload as unknown as CopyPayload & { [k: string]: unknown },
        bytesTotal: plan.bytes,
        source: pathSummary(plan.pairs.map((p) => p.from.path)),
        target: pathSummary(payload.targets),
      };
      if (plan.sameStorage && small) {
        // Done here, and listed with the tasks all the same (what it did, what it skipped and why).
        const { done, outcomes } = await runInline(actor, plan.units, skipExisting);
        await tasks.recordDone(actor, { ...task, outcomes });
        return done;
      }
      return { task_id: (await tasks.create(actor, task)).id };
    },

    async batchRemove(actor, paths) {
      const task = {
        type: 'delete' as const,
        payload: { items: paths } as DeletePayload & { [k: string]: unknown },
        source: pathSummary(paths),
      };
      for (const raw of paths) {
        // A path the actor may not write is reported per path by the batch below, not refused whole.
        const r = await fs.resolve(actor, raw, 'write').catch(() => null);
        if (r && (await holdsMoreThan(r, DELETE_TASK_MIN_OBJECTS)))
          return { task_id: (await tasks.create(actor, task)).id };
      }
      const result = await fs.batchRemove(actor, paths);
      await tasks.recordDone(actor, { ...task, outcomes: removeOutcomes(paths, result) });
      return result;
    },
  };
}

/** A copied unit succeeded; a skipped one says why (it was there already and the copy keeps what exists). */
function unitOutcome(unit: CopyUnit, outcome: UnitOutcome): ItemOutcome {
  return outcome === 'copied'
    ? { status: 'success', path: unit.target }
    : { status: 'skipped', path: unit.target, error: SKIPPED_EXISTING };
}

/** Each path's outcome in a batch remove's answer, in the order asked. */
function removeOutcomes(paths: string[], result: FsBatchRemoveResult): ItemOutcome[] {
  const failed = new Map(result.failed.map((f) => [f.path, f.error]));
  return paths.map((path) => {
    const error = failed.get(path);
    return error === undefined ? { status: 'success', path } : { status: 'failed', path, error };
  });
}

/** Counts objects below a folder, stopping as soon as there are more than `limit`. */
async function holdsMoreThan(r: ResolvedMountPath, limit: number): Promise<boolean> {
  const entry = r.subPath === '' ? null : await r.driver.stat(r.storagePath);
  if (!entry?.isDirectory) return false;
  let count = 0;
  const stack = [r.storagePath];
  while (stack.length) {
    const dir = stack.pop()!;
    let cursor: string | null = null;
    do {
      const page = await r.driver.list(dir, { cursor, limit: 1000 });
      for (const e of page.entries) {
        if (++count > limit) return true;
        if (e.isDirectory) stack.push(e.path);
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return false;
}
