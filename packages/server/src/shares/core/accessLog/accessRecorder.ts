/**
 * Records access events off the request path (links.md: "writing the log never slows or fails the access
 * it records"). `record` only appends to this process's queue; a flush writes the queue to the shared
 * database in batches a moment later, so every process batches its own events. The queue is bounded: when
 * the database falls behind, the oldest events are dropped (and counted), never a request. Addresses are
 * cut to `access_log_ip` when written, and nothing is written while `access_log_days` is 0 (the log off).
 */
import type { AccessAction, AccessOutcome, AccessShareKind, SystemSettings } from '@clip/sdk/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../../clock.ts';
import { ownsRecord } from '../../../services/permissions.ts';
import type { AccessLogRow, AccessLogStore } from './accessLogStore.ts';
import { keptAddress } from './clientAddress.ts';
import { EventQueue } from './eventQueue.ts';
import type { Visit } from './visit.ts';

/** The share an event is about: its kind, id and owner (`created_by`). */
export interface AccessedShare {
  kind: AccessShareKind;
  id: string;
  owner: string;
}

export interface AccessDetail {
  action: AccessAction;
  outcome: AccessOutcome;
  /** Bytes served or received, when known. */
  bytes?: number | null;
  /** The path inside a path share or an upload request. */
  path?: string | null;
}

export interface AccessRecorder {
  /**
   * Queues one event; never throws, never waits. A visit by the share's owner (the admin, or the key
   * that made it) is not a visit and records nothing.
   */
  record(visit: Visit, share: AccessedShare, detail: AccessDetail): void;
  /** Whether this visit carries the owner's credentials: such a request counts no view. */
  isOwner(visit: Visit, owner: string): boolean;
  /** Writes everything queued so far (a read of the log calls it first, so a process reads its own events). */
  flush(): Promise<void>;
  /** Events dropped since start because the queue was full or a write failed. */
  dropped(): number;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

export interface AccessRecorderDeps {
  store: AccessLogStore;
  settings: { get(): Promise<SystemSettings> };
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  /** Most events held in memory (default 10 000). */
  maxQueued?: number;
  /** A flush starts this long after the first event queued (default 500 ms)... */
  flushDelayMs?: number;
  /** ...or at once when this many are queued (default 500). */
  batchSize?: number;
}

const USER_AGENT_MAX = 512;
const PATH_MAX = 4096;

export function createAccessRecorder(deps: AccessRecorderDeps): AccessRecorder {
  const maxQueued = deps.maxQueued ?? 10_000;
  const flushDelayMs = deps.flushDelayMs ?? 500;
  const batchSize = deps.batchSize ?? 500;
  const queue = new EventQueue(maxQueued);
  let dropped = 0;
  let droppedReported = 0;
  let timer: NodeJS.Timeout | null = null;
  /** The one write loop while it runs: it takes what is queued each time a batch is done. */
  let writer: Promise<void> | null = null;
  let closed = false;

  function schedule(): void {
    // A running writer takes this event with its next batch: nothing to start.
    if (closed || writer) return;
    if (queue.size >= batchSize) void write(false);
    else if (!timer) {
      timer = setTimeout(() => void flush(), flushDelayMs);
      timer.unref();
    }
  }

  async function writeBatch(batch: AccessLogRow[]): Promise<void> {
    try {
      const { access_log_ip, access_log_days } = await deps.settings.get();
      if (access_log_days <= 0) return;
      // A batch comes mostly from a few clients: each address is cut once.
      const kept = new Map<string, string | null>();
      const keptOf = (ip: string) => {
        let cut = kept.get(ip);
        if (cut === undefined) {
          cut = keptAddress(ip, access_log_ip);
          kept.set(ip, cut);
        }
        return cut;
      };
      for (const row of batch) if (row.ip !== null) row.ip = keptOf(row.ip);
      await deps.store.insertMany(batch);
    } catch (err) {
      dropped += batch.length;
      deps.logger.warn({ err: String(err), events: batch.length }, 'could not write access log events');
    }
  }

  /** Writes what is queued, batch after batch, while a full batch waits (or, `untilEmpty`, anything). */
  async function drain(untilEmpty: boolean): Promise<void> {
    while (queue.size >= (untilEmpty ? 1 : batchSize)) await writeBatch(queue.take());
    // Said once per drain, so an operator learns the log fell behind without a line per event.
    if (dropped > droppedReported) {
      deps.logger.warn({ dropped: dropped - droppedReported }, 'access log events dropped');
      droppedReported = dropped;
    }
  }

  /**
   * Starts the one write loop unless it runs. (Each event queued past the batch size used to chain
   * another write behind the running one: under load the chain grew by a closure per request, and the
   * writes that followed each other took batches as small as the arrivals between two writes.)
   */
  function write(untilEmpty: boolean): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    writer ??= drain(untilEmpty).finally(() => {
      writer = null;
      // Less than a batch is left: it goes when the delay runs out, or when it fills.
      if (queue.size > 0) schedule();
    });
    return writer;
  }

  /** Everything queued so far, written: after a running loop, what it left. */
  function flush(): Promise<void> {
    return write(true).then(() => (queue.size > 0 ? flush() : undefined));
  }

  const isOwner = (visit: Visit, owner: string) => ownsRecord(visit.actor, owner);

  return {
    isOwner,
    record(visit, share, detail) {
      if (isOwner(visit, share.owner)) return;
      // The oldest go first: the newest say most about what is happening now.
      const full = queue.push({
        share_kind: share.kind,
        share_id: share.id,
        owner: share.owner,
        at: deps.clock.now(),
        action: detail.action,
        outcome: detail.outcome,
        ip: visit.ip,
        user_agent: visit.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        bytes: detail.bytes ?? null,
        path: detail.path?.slice(0, PATH_MAX) ?? null,
      });
      if (full) dropped += 1;
      schedule();
    },
    flush,
    dropped: () => dropped,
    async close() {
      await flush();
      closed = true;
    },
  };
}
