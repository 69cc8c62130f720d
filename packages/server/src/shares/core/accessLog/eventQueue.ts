/**
 * The access events waiting to be written, held column by column (ADR 0099). Every share read queues
 * one, and a batch waits for hundreds of reads: an event kept as its own objects (the row, its id,
 * the strings of the request and of the share's row) outlived two scavenges and was promoted to V8's
 * old generation, where only a full collection frees it. That made the read load the one load that
 * grew the heap (4-5 MB/s promoted, twice the full collections, ~13 MiB more RSS after the loads, and
 * ~10 us of a read's CPU on SQLite). Here queuing an event allocates nothing that waits: its values go
 * into arrays the queue reuses (emptied by each write, so they stay as long as the largest backlog),
 * and the strings that repeat from event to event (the share's id and owner, the client's address and
 * user agent) are replaced by the first equal string seen. Rows and their ids are made when written.
 */
import type { AccessAction, AccessOutcome, AccessShareKind } from '@clip/sdk/contract';
import { timeOrderedUuid } from '../../../crypto/tokens.ts';
import type { AccessLogRow } from './accessLogStore.ts';

/** An event as queued: its row without the id (made when written), the address still whole. */
export type QueuedEvent = Omit<AccessLogRow, 'id' | 'ip'> & { ip: string };

/** Distinct strings remembered for reuse; past this the memory starts again (a new set of clients). */
const CANONICAL_MAX = 4096;

export class EventQueue {
  readonly #capacity: number;
  // The oldest event is at `#head`; the queue wraps around only once it has dropped events.
  #head = 0;
  #size = 0;
  readonly #kind: AccessShareKind[] = [];
  readonly #shareId: string[] = [];
  readonly #owner: string[] = [];
  /** Doubles, unboxed: no number object per event. */
  readonly #at: number[] = [];
  readonly #action: AccessAction[] = [];
  readonly #outcome: AccessOutcome[] = [];
  readonly #ip: string[] = [];
  readonly #userAgent: (string | null)[] = [];
  /** NaN for none, so the column stays unboxed doubles. */
  readonly #bytes: number[] = [];
  readonly #path: (string | null)[] = [];
  #canonical = new Map<string, string>();

  /** `capacity`: most events held; past it the oldest are dropped. */
  constructor(capacity: number) {
    this.#capacity = Math.max(1, capacity);
  }

  get size(): number {
    return this.#size;
  }

  /** Queues one event; answers whether the oldest was dropped to make room. */
  push(event: QueuedEvent): boolean {
    const full = this.#size === this.#capacity;
    const slot = (this.#head + this.#size) % this.#capacity;
    if (full) this.#head = (this.#head + 1) % this.#capacity;
    else this.#size += 1;
    this.#kind[slot] = event.share_kind;
    this.#shareId[slot] = this.#reuse(event.share_id);
    this.#owner[slot] = this.#reuse(event.owner);
    this.#at[slot] = event.at;
    this.#action[slot] = event.action;
    this.#outcome[slot] = event.outcome;
    this.#ip[slot] = this.#reuse(event.ip);
    this.#userAgent[slot] = event.user_agent === null ? null : this.#reuse(event.user_agent);
    this.#bytes[slot] = event.bytes ?? Number.NaN;
    this.#path[slot] = event.path;
    return full;
  }

  /** Empties the queue: its events in arrival order, as rows with their ids (the address as queued). */
  take(): AccessLogRow[] {
    const rows: AccessLogRow[] = new Array(this.#size);
    for (let i = 0; i < this.#size; i++) {
      const slot = (this.#head + i) % this.#capacity;
      const bytes = this.#bytes[slot];
      rows[i] = {
        id: timeOrderedUuid(this.#at[slot]),
        share_kind: this.#kind[slot],
        share_id: this.#shareId[slot],
        owner: this.#owner[slot],
        at: this.#at[slot],
        action: this.#action[slot],
        outcome: this.#outcome[slot],
        ip: this.#ip[slot],
        user_agent: this.#userAgent[slot],
        bytes: Number.isNaN(bytes) ? null : bytes,
        path: this.#path[slot],
      };
      // No string is kept past its write (a path is seldom repeated).
      this.#path[slot] = null;
    }
    // Emptied, the next events start at the front: the arrays stay as long as the largest backlog.
    this.#head = 0;
    this.#size = 0;
    return rows;
  }

  /** The first string equal to `value` seen lately: the new one dies young, the kept one is old already. */
  #reuse(value: string): string {
    const kept = this.#canonical.get(value);
    if (kept !== undefined) return kept;
    if (this.#canonical.size >= CANONICAL_MAX) this.#canonical = new Map();
    this.#canonical.set(value, value);
    return value;
  }
}
